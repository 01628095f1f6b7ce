import 'server-only';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { recordIdOf, type RecordParams } from './record-id';

// Its own module: the create and edit routes (./record-route) stay without the hydration boundary's client code.

/** A record's page whose reads are made on the server (`prefetch`) and handed to its detail, hydrated. */
export function prefetchedRecordRoute(
  prefetch: (id: number) => Promise<DehydratedState | undefined>,
  Detail: ComponentType<{ id: number }>,
) {
  return async function RecordRoute({ params }: RecordParams) {
    const id = await recordIdOf(params);
    return (
      <HydrationBoundary state={await prefetch(id)}>
        <Detail id={id} />
      </HydrationBoundary>
    );
  };
}
