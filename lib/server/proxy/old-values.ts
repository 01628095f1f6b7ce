import 'server-only';
import type { OldValues } from '../audit';
import type { OldValuesLookup } from '../mirror';
import { oneItemRecordId } from './audit-summary';

/** Fields that name the record rather than change it, and those never stored (as lib/server/audit/changes.ts). */
const NOT_CHANGES = new Set(['id', 'skuId', 'companyId', 'password']);

/** The fields a single write (or a one-item batch) sends; none for anything else. */
function writtenFields(requestText: string | null): string[] {
  let body: unknown;
  try {
    body = requestText ? JSON.parse(requestText) : undefined;
  } catch {
    return [];
  }
  if (Array.isArray(body)) body = body.length === 1 ? body[0] : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((f) => !NOT_CHANGES.has(f));
}

/**
 * The handler's step before sending: the one record a write names (its path id, a one-item batch's id, or the
 * record a create would update by its code) and the fields it sends, looked up as above. A write of several
 * records, or a create of a new one, has no old values to record.
 */
export async function oldValuesOf(
  lookup: OldValuesLookup | undefined,
  write: {
    operation: string;
    pathId: string | undefined;
    requestText: string | null;
    existingIds: readonly string[] | null | undefined;
    reviewHeader: string | null;
    signal: AbortSignal;
    requestId: string;
  },
): Promise<OldValues | null> {
  if (!lookup) return null;
  const id =
    write.pathId ??
    (write.operation.endsWith('/batch') ? oneItemRecordId(write.requestText) : null) ??
    (write.existingIds?.length === 1 ? write.existingIds[0]! : null);
  const fields = writtenFields(write.requestText);
  if (!id || fields.length === 0) return null;
  return lookup({ ...write, id, fields }).catch(() => null);
}
