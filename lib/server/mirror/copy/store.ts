import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import { recordHash } from './diff';
import { MIRROR_ENTITIES, type MirrorEntityName } from './entities';
import { requireContractRecord } from './normalise';

type Db = Kysely<ConsoleDatabase>;
export type MirrorRecord = { id: number } & Record<string, unknown>;

/** A record whose copy changed: its mirrored version (null when it is new to the mirror) and the one stored now. */
export interface StoredChange {
  id: number;
  before: Record<string, unknown> | null;
  after: MirrorRecord;
  /** The mirror had flagged it as gone; it is back. */
  returned: boolean;
}

const table = (entity: MirrorEntityName) => sql.id(MIRROR_ENTITIES[entity].table);

/** What an upsert did: the records whose copy changed, and those it left alone because a later read wrote them. */
export interface Upserted {
  stored: StoredChange[];
  skipped: number[];
}

/**
 * A value of the mirror's write sequence, taken before a read of /v1 is sent: rows written with a later value
 * were written after the read was sent (migration 0362 says why a sequence).
 */
export async function readTicket(db: Db): Promise<string> {
  const { rows } = await sql<{ seq: string }>`select nextval('mirror_write_seq')::text as seq`.execute(db);
  return rows[0]!.seq;
}

/**
 * Upserts records keyed by id, each cut to the contract's fields first (normalise.ts), whatever path read it; a
 * record whose hash is unchanged (and that was not flagged as gone) is not written at all, so a repeat (an
 * inclusive `updatedSince`, a page read twice) costs one indexed read and changes nothing. Returns the records
 * whose copy changed, with the version they replace. One record is a valid call: the console's own writes can be
 * copied in as soon as they are read back.
 *
 * `ticket` (readTicket, taken before the records were asked for): a row written since (a console write's
 * read-back landing while a pass's page was on its way) may be newer than what this read saw; storing the read
 * over it would put the old version back and record the console's own change undone as made outside. Such rows
 * are skipped and returned as such; the caller leaves them to its next read.
 */
export async function upsertMirror(
  db: Db,
  entity: MirrorEntityName,
  records: readonly MirrorRecord[],
  options: { ticket?: string | null } = {},
): Promise<Upserted> {
  if (records.length === 0) return { stored: [], skipped: [] };
  const byId = new Map(records.map((r) => requireContractRecord(entity, r)).map((r) => [r.id, r]));
  const payload = JSON.stringify(
    [...byId.values()].map((record) => ({ id: record.id, record, hash: recordHash(record) })),
  );
  const ticket = options.ticket ?? null;
  // One statement: the versions it replaces are read in the same snapshot the upsert writes over. The ticket is
  // checked twice: against that snapshot, and (on Postgres, where a concurrent write may commit meanwhile) against
  // the row the conflict found, so a row written after the ticket is never overwritten.
  const { rows } = await sql<{
    id: string;
    before: Record<string, unknown> | null;
    returned: boolean;
    written: boolean;
  }>`
    with incoming as (
      select x.id, x.record, x.hash from json_to_recordset(${payload}::json) as x(id bigint, record jsonb, hash text)
    ),
    old as (select m.id, m.record, m.hash, m.vanished_at, m.written_seq from ${table(entity)} m where m.id in (select id from incoming)),
    changed as (
      select i.id, i.record, i.hash, o.record as before, o.vanished_at is not null as returned,
        coalesce(o.written_seq > ${ticket}::bigint, false) as newer
      from incoming i left join old o on o.id = i.id
      where o.id is null or o.hash <> i.hash or o.vanished_at is not null
    ),
    stored as (
      insert into ${table(entity)} as m (id, record, hash, changed_at, vanished_at, written_seq)
      select id, record, hash, now(), null, nextval('mirror_write_seq') from changed where not newer
      on conflict (id) do update set record = excluded.record, hash = excluded.hash, changed_at = excluded.changed_at,
        vanished_at = null, written_seq = excluded.written_seq
        where ${ticket}::bigint is null or m.written_seq <= ${ticket}::bigint
      returning m.id
    )
    select c.id::text as id, c.before, c.returned, exists (select 1 from stored s where s.id = c.id) as written from changed c`.execute(
    db,
  );
  const stored = rows.filter((r) => r.written);
  return {
    stored: stored.map((r) => ({
      id: Number(r.id),
      before: r.before,
      after: byId.get(Number(r.id))!,
      returned: r.returned,
    })),
    skipped: rows.filter((r) => !r.written).map((r) => Number(r.id)),
  };
}

/** Ids the mirror holds (not flagged as gone) in (after, upTo]; upTo null: to the end. */
export async function mirroredIdsBetween(
  db: Db,
  entity: MirrorEntityName,
  after: number,
  upTo: number | null,
): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select m.id::text as id from ${table(entity)} m
    where m.id > ${after}::bigint and (${upTo}::bigint is null or m.id <= ${upTo}::bigint) and m.vanished_at is null order by m.id`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Flags records the service no longer returns; they stay in the mirror (and their History) until they come
 * back. Returns the ids flagged now (not those flagged before).
 */
export async function flagVanished(db: Db, entity: MirrorEntityName, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    update ${table(entity)} set vanished_at = now() where id = any(${[...ids]}::bigint[]) and vanished_at is null returning id::text as id`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

/** Empties an entity's copy (the console was pointed at another upstream). */
export async function clearMirror(db: Db, entity: MirrorEntityName): Promise<void> {
  await sql`delete from ${table(entity)}`.execute(db);
}

/**
 * Refreshes the planner's statistics of an entity's copy. Called before a full evaluation (after a first copy or a
 * sweep): planned on an empty table's estimates, the rules' joins run as nested loops (an anti-join took 25 s over
 * 20,000 SKUs, 0.8 s once analyzed), and PGlite, the embedded default, has no autovacuum to do it later.
 */
export async function analyzeCopy(db: Db, entity: MirrorEntityName): Promise<void> {
  await sql`analyze ${table(entity)}`.execute(db);
}
