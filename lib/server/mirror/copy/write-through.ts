import 'server-only';
import type { Kysely } from 'kysely';
import {
  BUNDLE_OPERATIONS,
  BUNDLE_PRICE_OPERATIONS,
  COMPANY_OPERATIONS,
  INTERNAL_USER_OPERATIONS,
  PRICE_OPERATIONS,
  PRODUCT_OPERATIONS,
  SKU_OPERATIONS,
  STOCK_OPERATIONS,
} from '@/lib/contract/operations';
import type { FamilyName } from '@/lib/contract/console/import-files';
import type { ConsoleDatabase } from '../../db';
import { isApiError, type UpstreamClient } from '../../upstream';
import { LOOKBACK_MS, MIRROR_ENTITIES, type MirrorEntityName } from './entities';
import { evaluateStored } from './attention';
import { recordOutsideChanges } from './outside';
import { readState } from './state';
import { readTicket, upsertMirror, type MirrorRecord } from './store';
import { walkPages } from './walk';

/**
 * Write-through (issue 32 point 2): after a console write, the records it wrote are read back from /v1 and
 * copied into the mirror before the answer reaches the browser (the proxy) or the chunk counts as done (the
 * job runner), so a list read from the mirror never misses the user's own change. Best effort and bounded:
 * a read-back that fails or runs out of time leaves the mirror to the next pass, never turns an applied
 * write into an error.
 */

/** Which mirrored records a console write touched. */
export interface Written {
  entity: MirrorEntityName;
  ids: number[];
}

/** What was read back, ready to be stored (in the caller's transaction, after its change records). */
export interface ReadBack {
  entity: MirrorEntityName;
  records: MirrorRecord[];
  /** The mirror's write sequence before the read-back was sent (store.ts): a row a pass stored since is newer. */
  ticket?: string | null;
}

/** Whole read-back of one write: past it the write's answer goes on and the next pass catches up. */
export const READ_BACK_TIMEOUT_MS = 3_000;
/** More ids than this are looked for in the list by modification time (a page of 100 for 100 reads by id). */
const LIST_FROM = 5;
/** Reads by id in flight at once. */
const READS_AT_ONCE = 4;

const S = (entity: MirrorEntityName, ...operations: string[]) => operations.map((o) => [o, entity] as const);

/** The /v1 writes whose records the mirror copies. Quota writes are not here: the quota snapshot keeps them. */
const ENTITY_OF_OPERATION = new Map<string, MirrorEntityName>([
  ...S('companies', COMPANY_OPERATIONS.create, COMPANY_OPERATIONS.update, COMPANY_OPERATIONS.batch),
  ...S('products', PRODUCT_OPERATIONS.create, PRODUCT_OPERATIONS.update, PRODUCT_OPERATIONS.batch),
  ...S(
    'skus',
    SKU_OPERATIONS.create,
    SKU_OPERATIONS.update,
    SKU_OPERATIONS.batch,
    PRICE_OPERATIONS.batch,
    STOCK_OPERATIONS.batch,
  ),
  ...S(
    'bundles',
    BUNDLE_OPERATIONS.create,
    BUNDLE_OPERATIONS.update,
    BUNDLE_OPERATIONS.batch,
    BUNDLE_PRICE_OPERATIONS.batch,
  ),
  ...S('internalUsers', INTERNAL_USER_OPERATIONS.create, INTERNAL_USER_OPERATIONS.update),
]);

const ENTITY_OF_FAMILY: Partial<Record<FamilyName, MirrorEntityName>> = {
  companies: 'companies',
  products: 'products',
  skus: 'skus',
  prices: 'skus',
  stock: 'skus',
  bundles: 'bundles',
  bundlePrices: 'bundles',
};

/** Record ids only (an audit's `code:…` keys name records whose id is not known). */
const numericIds = (ids: readonly (string | number | null)[]) => [
  ...new Set(ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)),
];

/** The records a proxied write touched, from its operation and the ids its audit entry names; null: none mirrored. */
export function writtenByOperation(operation: string, ids: readonly string[]): Written | null {
  const entity = ENTITY_OF_OPERATION.get(operation);
  const numeric = numericIds(ids);
  return entity && numeric.length > 0 ? { entity, ids: numeric } : null;
}

/** The records an import chunk of `family` wrote: the ids of its rows created, updated or ok. */
export function writtenByFamily(family: FamilyName, ids: readonly (number | null)[]): Written | null {
  const entity = ENTITY_OF_FAMILY[family];
  const numeric = numericIds(ids);
  return entity && numeric.length > 0 ? { entity, ids: numeric } : null;
}

/** From this many ids (a revert's review reads a whole import; a write-through reads a chunk of 200), the whole list may be the cheaper walk. */
const WHOLE_FROM = 500;

/** Part of a read-back, in id order: every wanted id up to `through` that is not in `records` was not in the list. */
export interface ReadBackPart {
  records: MirrorRecord[];
  /** The highest id the list walk is past; Infinity for the last part (the ids read one by one). */
  through: number;
}

/**
 * Reads the wanted records from the whole list when they are at least half of it. A list filtered by time is
 * counted and ordered again for every page (100,000 records changed since: 1,000 pages of the whole match set),
 * the whole list is not; past that share the filter saves too few pages to pay for it. Finds nothing otherwise.
 */
async function* walkWhole(
  client: UpstreamClient,
  entity: (typeof MIRROR_ENTITIES)[MirrorEntityName],
  wanted: ReadonlySet<number>,
  found: Set<number>,
  maxId: number,
  signal?: AbortSignal,
): AsyncGenerator<ReadBackPart> {
  for await (const page of walkPages(client, entity, { from: 1, signal })) {
    if (page.page === 1 && wanted.size * 2 < page.totalCount) return;
    yield pagePart(page.records, wanted, found);
    if (found.size === wanted.size || (page.records.at(-1)?.id ?? 0) >= maxId) return;
  }
}

function pagePart(records: readonly MirrorRecord[], wanted: ReadonlySet<number>, found: Set<number>): ReadBackPart {
  const part = records.filter((r) => wanted.has(r.id) && !found.has(r.id));
  for (const r of part) found.add(r.id);
  return { records: part, through: records.at(-1)?.id ?? 0 };
}

/**
 * The written records as /v1 now returns them. Many ids: the list of records modified since just before the
 * write (`since`, this server's clock; the service's is estimated with the skew last observed, less the
 * mirror's lookback), keeping only the written ids, so a record someone else changed meanwhile is left to
 * the pass that records it. Ids it did not find, or few ids: read one by one; one gone (404) is skipped.
 */
export async function readBack(
  client: UpstreamClient,
  written: Written,
  options: { since: number; signal?: AbortSignal },
): Promise<MirrorRecord[]> {
  const records: MirrorRecord[] = [];
  for await (const part of readBackInParts(client, written, options)) records.push(...part.records);
  return records;
}

/**
 * readBack page by page, for a caller that works on each page while the next is read (a revert classifies and
 * sends its first chunks while the rest of the list is still being read).
 */
export async function* readBackInParts(
  client: UpstreamClient,
  written: Written,
  options: { since: number; signal?: AbortSignal },
): AsyncGenerator<ReadBackPart> {
  const entity = MIRROR_ENTITIES[written.entity];
  const wanted = new Set(written.ids);
  const found = new Set<number>();
  const maxId = written.ids.reduce((a, b) => (b > a ? b : a), 0);
  if (entity.incremental && written.ids.length >= WHOLE_FROM)
    yield* walkWhole(client, entity, wanted, found, maxId, options.signal);
  if (found.size === 0 && entity.incremental && (written.ids.length > LIST_FROM || !entity.read)) {
    const serverSince = options.since + (client.skew.snapshot().lastObservedMs ?? 0) - LOOKBACK_MS;
    for await (const page of walkPages(client, entity, {
      from: 1,
      updatedSince: new Date(serverSince),
      signal: options.signal,
    })) {
      yield pagePart(page.records, wanted, found);
      // Pages come id ascending: past the highest id written, nothing more to find.
      if (found.size === wanted.size || (page.records.at(-1)?.id ?? 0) >= maxId) break;
    }
  }
  const read = entity.read;
  const rest = written.ids.filter((id) => !found.has(id));
  const last: MirrorRecord[] = [];
  if (read) {
    for (let i = 0; i < rest.length; i += READS_AT_ONCE) {
      await Promise.all(
        rest.slice(i, i + READS_AT_ONCE).map(async (id) => {
          try {
            last.push((await client.read(read, id, options.signal)) as MirrorRecord);
          } catch (error) {
            if (!(isApiError(error) && error.isNotFound)) throw error;
          }
        }),
      );
    }
  }
  yield { records: last, through: Infinity };
}

/**
 * Copies read-back records into the mirror. What changed beyond the console's own write (a field the ERP
 * changed since the last pass) is recorded as a change made outside, as the pass would have; the console's
 * own change records must already be written (the echo rule reads them), so callers store after auditing.
 */
export async function storeReadBack(db: Kysely<ConsoleDatabase>, readBacks: readonly ReadBack[]): Promise<void> {
  for (const { entity, records, ticket } of readBacks) {
    if (records.length === 0) continue;
    const { stored } = await upsertMirror(db, entity, records, { ticket });
    if (stored.length === 0) continue;
    const { lastPassAt } = await readState(db, entity);
    await recordOutsideChanges(db, entity, stored, { from: lastPassAt, to: new Date() });
    await evaluateStored(db, entity, stored);
  }
}

/** Reads back, with the ticket taken before (the caller stores it later, in its own transaction). */
export async function readBackWithTicket(
  db: Kysely<ConsoleDatabase>,
  client: UpstreamClient,
  written: Written,
  options: { since: number; signal?: AbortSignal },
): Promise<ReadBack> {
  const ticket = await readTicket(db);
  return { entity: written.entity, records: await readBack(client, written, options), ticket };
}

/** Reads back and stores in one go, within READ_BACK_TIMEOUT_MS; never throws (the write itself is done). */
export async function writeThrough(
  db: Kysely<ConsoleDatabase>,
  client: UpstreamClient,
  written: Written,
  options: { since: number; log: (message: string, error: unknown) => void },
): Promise<void> {
  try {
    const read = await readBackWithTicket(db, client, written, {
      since: options.since,
      signal: AbortSignal.timeout(READ_BACK_TIMEOUT_MS),
    });
    await storeReadBack(db, [read]);
  } catch (error) {
    options.log(`mirror write-through of ${written.entity} failed; the next pass catches up`, error);
  }
}
