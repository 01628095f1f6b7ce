import 'server-only';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { parseRecordId } from '@/components/record/parse-id';
import { RecordCreatePage } from '@/components/record/record-form-page';
import { requireEditor } from './refuse-edit-pages';

/** A record page's params: the id segment, as Next 16 hands it (a Promise). */
export type RecordParams = { params: Promise<{ id: string }> };

/** The record id of a `[id]` page, or the 404 page when the segment is not one. */
export async function recordIdOf(params: RecordParams['params']): Promise<number> {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return id;
}

/**
 * A record's edit page (`/<family>/<id>/edit`): the role check first, with the path asked for (so a sign-in
 * comes back to it), then the id (404 when the segment is not one), then the family's edit page.
 */
export function editRoute(
  family: string,
  check: (path: string) => Promise<unknown>,
  Edit: ComponentType<{ id: number }>,
) {
  return async function EditRoute({ params }: RecordParams) {
    const segment = (await params).id;
    await check(`/${family}/${segment}/edit`);
    const id = parseRecordId(segment);
    if (id === null) notFound();
    return <Edit id={id} />;
  };
}

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

/** A family's create page (`/<family>/new`), for editors only, framed as every create page is. */
export function createRoute(family: 'companies' | 'bundles', Form: ComponentType) {
  return async function CreateRoute() {
    await requireEditor(`/${family}/new`);
    return (
      <RecordCreatePage namespace={family}>
        <Form />
      </RecordCreatePage>
    );
  };
}
