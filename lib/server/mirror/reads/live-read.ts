import 'server-only';
import { sql, type Kysely } from 'kysely';
import pLimit from 'p-limit';
import { BUNDLE_OPERATIONS, COMPANY_OPERATIONS, PRODUCT_OPERATIONS, SKU_OPERATIONS } from '@/lib/contract/operations';
import type { ConsoleDatabase } from '../../db';
import { recordHash } from '../copy/diff';
import { MIRROR_ENTITIES, type MirrorEntityName } from '../copy/entities';
import { contractRecord } from '../copy/normalise';
import { storeReadBack } from '../copy/write-through';

/**
 * A record's own page reads /v1 live (issue 32 point 3); what it read corrects the mirror when the two differ,
 * recorded like a pass's outside change so History shows it once (the next pass finds the same hash and records
 * nothing). Never on the answer's path: the proxy hands over the bytes it already has, and the correction runs
 * later, one at a time, with a bounded queue (past it a read is dropped: the next pass catches up).
 */

/**
 * A single-record read answered 2xx, and when it was sent (ms): the bytes the proxy passes on, or the record a
 * server-rendered page read (parsed by the same schema the passes' lists are).
 */
export type LiveRead = { operation: string; sentAt: number } & ({ bytes: Uint8Array } | { record: unknown });

const ENTITY_OF_READ = new Map<string, MirrorEntityName>([
  [COMPANY_OPERATIONS.read, 'companies'],
  [PRODUCT_OPERATIONS.read, 'products'],
  [SKU_OPERATIONS.read, 'skus'],
  [BUNDLE_OPERATIONS.read, 'bundles'],
]);

/** The mirrored entity a single-record read belongs to; null for any other operation. */
export const entityOfRead = (operation: string): MirrorEntityName | null => ENTITY_OF_READ.get(operation) ?? null;

export type Correction = 'corrected' | 'same' | 'skipped';

/**
 * Stores a record read live when its copy differs, cut to the contract's fields as a pass's page is (fields the
 * service adds never reach the copy nor its comparison). Skipped when the answer is not a record of the
 * contract's shape, when the copy changed after the read was sent (a write-through or a pass stored a newer
 * version meanwhile: this read may be the older one) or when the entity has no copy yet (the first pull is still
 * to come and records nothing anyway).
 */
export async function correctFromRead(
  db: Kysely<ConsoleDatabase>,
  entity: MirrorEntityName,
  answer: unknown,
  sentAt: number,
): Promise<Correction> {
  const record = contractRecord(entity, answer);
  if (!record) return 'skipped';
  const table = sql.id(MIRROR_ENTITIES[entity].table);
  const { rows } = await sql<{ hash: string; changed_at: Date | string; vanished: boolean }>`
    select hash, changed_at, vanished_at is not null as vanished from ${table} where id = ${record.id}`.execute(db);
  const row = rows[0];
  if (!row) return 'skipped';
  if (row.hash === recordHash(record) && !row.vanished) return 'same';
  if (new Date(row.changed_at).getTime() >= sentAt) return 'skipped';
  await storeReadBack(db, [{ entity, records: [record] }]);
  return 'corrected';
}

/** Corrections waiting at most; a burst of reads past it is left to the next pass. */
const MAX_WAITING = 64;

/**
 * The proxy's hook: queues a correction for a single-record read of a mirrored entity and returns at once.
 * The bytes are parsed only when the correction runs (after the answer went back); errors are logged.
 */
export function liveReadCorrector(options: {
  db: () => Promise<Kysely<ConsoleDatabase>>;
  log: (message: string, error: unknown) => void;
  onDone?: (outcome: Correction) => void;
}): (read: LiveRead) => void {
  const limit = pLimit(1);
  return (read) => {
    const entity = entityOfRead(read.operation);
    if (!entity || limit.pendingCount >= MAX_WAITING) return;
    // setImmediate: nothing of the correction (not even the parse) runs before the answer is on its way.
    setImmediate(() => {
      void limit(async () => {
        try {
          const answer: unknown = 'bytes' in read ? JSON.parse(new TextDecoder().decode(read.bytes)) : read.record;
          const outcome = await correctFromRead(await options.db(), entity, answer, read.sentAt);
          options.onDone?.(outcome);
        } catch (error) {
          options.log(`mirror correction from a live read of ${entity} failed`, error);
        }
      });
    });
  };
}
