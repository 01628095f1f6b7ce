import 'server-only';
import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { parseRecordId } from '@/components/record/parse-id';

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
