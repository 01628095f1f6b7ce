import 'server-only';
import { sql, type Kysely } from 'kysely';
import { STALE_INTERVALS } from '@/lib/contract/console/list-read';
import type { ConsoleDatabase } from '../../db';
import { MIRROR_ENTITIES, type MirrorEntityName } from './entities';

/** One record as the console's copy holds it, and as of when the copy is known to hold it. */
export interface MirrorCopy {
  record: Record<string, unknown>;
  /** The later of the last complete pass's start and the copy's own last change (a write-through's read). */
  at: Date;
}

/**
 * The console's copy of one record, for the old values a console write records (lib/server/proxy/old-values.ts):
 * only from a copy of the upstream the console talks to now (`tenant`), complete at least once, still returned by
 * the service, and no older than the lists call stale (a copy whose passes keep failing is not what the platform
 * holds). Null otherwise: the caller then reads the record itself.
 */
export async function mirrorCopy(
  db: Kysely<ConsoleDatabase>,
  entity: MirrorEntityName,
  id: number,
  options: { tenant: string; intervalMs: number; now?: number },
): Promise<MirrorCopy | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const { rows } = await sql<{ record: unknown; at: Date | string }>`
    select m.record, greatest(m.changed_at, s.last_pass_at) as at
    from ${sql.table(MIRROR_ENTITIES[entity].table)} m
      join mirror_state s on s.entity = ${entity}
    where m.id = ${id} and m.vanished_at is null and s.tenant = ${options.tenant} and s.last_pass_at is not null
      and coalesce(s.pass ->> 'mode', '') <> 'initial'`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const record = typeof row.record === 'string' ? (JSON.parse(row.record) as unknown) : row.record;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const at = new Date(row.at);
  if ((options.now ?? Date.now()) - at.getTime() > STALE_INTERVALS * options.intervalMs) return null;
  return { record: record as Record<string, unknown>, at };
}
