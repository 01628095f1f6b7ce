import 'server-only';
import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';

/** A record page's params: the id segment, as Next 16 hands it (a Promise). */
export type RecordParams = { params: Promise<{ id: string }> };

/** The record id of a `[id]` page, or the 404 page when the segment is not one. */
export async function recordIdOf(params: RecordParams['params']): Promise<number> {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return id;
}
