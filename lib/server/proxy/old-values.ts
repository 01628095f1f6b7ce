import 'server-only';
import type { OldValues } from '../audit';
import type { OldValuesLookup } from '../mirror';
import { oneItemRecordId, requestKey } from './audit-summary';

/** Fields that name the record rather than change it, and those never stored (as lib/server/audit/changes.ts). */
const NOT_CHANGES = new Set(['id', 'skuId', 'companyId', 'password']);

/** A batch item's fields that change its record. */
const fieldsOf = (item: Record<string, unknown>) => Object.keys(item).filter((f) => !NOT_CHANGES.has(f));
/** A batch's items whose old values are read one by one when the console holds no copy; past it, the copy or none. */
const BATCH_READS = 20;

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
  return fieldsOf(body as Record<string, unknown>);
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

/**
 * A batch of several items: each record's old values, by the key the batch names it with (an id; an item named by
 * its code alone has none to look up). Read as a single write's are, but one read per item only up to BATCH_READS
 * items (the console's own pages send one item at a time; this is a script's batch); past it the copy or none.
 */
export async function batchOldValues(
  lookup: OldValuesLookup | undefined,
  write: { operation: string; requestText: string | null; signal: AbortSignal; requestId: string },
): Promise<Map<string, OldValues | null>> {
  const found = new Map<string, OldValues | null>();
  let items: unknown;
  try {
    items = write.requestText ? JSON.parse(write.requestText) : null;
  } catch {
    return found;
  }
  if (!lookup || !Array.isArray(items) || items.length < 2) return found;
  const read = items.length <= BATCH_READS;
  const named = items.flatMap((item) => {
    const key = requestKey(item);
    return key && !key.startsWith('code:') ? [{ key, fields: fieldsOf(item as Record<string, unknown>) }] : [];
  });
  for (let i = 0; i < named.length; i += 8) {
    await Promise.all(
      named.slice(i, i + 8).map(async ({ key, fields }) => {
        const old = fields.length
          ? await lookup({ ...write, id: key, fields, reviewHeader: null, read }).catch(() => null)
          : null;
        found.set(key, old);
      }),
    );
  }
  return found;
}
