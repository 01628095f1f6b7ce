import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import { recordHash } from './diff';
import { MIRROR_ENTITIES, type MirrorEntityName } from './entities';

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

/**
 * Upserts records as the service returned them, keyed by id; a record whose hash is unchanged (and that was
 * not flagged as gone) is not written at all, so a repeat (an inclusive `updatedSince`, a page read twice) costs
 * one indexed read and changes nothing. Returns the records whose copy changed, with the version they replace.
 * One record is a valid call: the console's own writes can be copied in as soon as they are read back.
 */
export async function upsertMirror(db: Db, entity: MirrorEntityName, records: readonly MirrorRecord[]): Promise<StoredChange[]> {
  if (records.length === 0) return [];
  const byId = new Map(records.map((r) => [r.id, r]));
  const payload = JSON.stringify([...byId.values()].map((record) => ({ id: record.id, record, hash: recordHash(record) })));
  // One statement: the versions it replaces are read in the same snapshot the upsert writes over.
  const { rows } = await sql<{ id: string; before: Record<string, unknown> | null; returned: boolean }>`
    with incoming as (
      select x.id, x.record, x.hash from json_to_recordset(${payload}::json) as x(id bigint, record jsonb, hash text)
    ),
    old as (select m.id, m.record, m.hash, m.vanished_at from ${table(entity)} m where m.id in (select id from incoming)),
    changed as (
      select i.id, i.record, i.hash, o.record as before, o.vanished_at is not null as returned
      from incoming i left join old o on o.id = i.id
      where o.id is null or o.hash <> i.hash or o.vanished_at is not null
    ),
    stored as (
      insert into ${table(entity)} (id, record, hash, changed_at, vanished_at)
      select id, record, hash, now(), null from changed
      on conflict (id) do update set record = excluded.record, hash = excluded.hash, changed_at = excluded.changed_at, vanished_at = null
    )
    select id::text as id, before, returned from changed`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), before: r.before, after: byId.get(Number(r.id))!, returned: r.returned }));
}

/** Ids the mirror holds (not flagged as gone) in (after, upTo]; upTo null: to the end. */
export async function mirroredIdsBetween(db: Db, entity: MirrorEntityName, after: number, upTo: number | null): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select m.id::text as id from ${table(entity)} m
    where m.id > ${after}::bigint and (${upTo}::bigint is null or m.id <= ${upTo}::bigint) and m.vanished_at is null order by m.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Flags records the service no longer returns; they stay in the mirror (and their History) until they come
 * back. Returns the ids flagged now (not those flagged before).
 */
export async function flagVanished(db: Db, entity: MirrorEntityName, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    update ${table(entity)} set vanished_at = now() where id = any(${[...ids]}::bigint[]) and vanished_at is null returning id::text as id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** Empties an entity's copy (the console was pointed at another upstream). */
export async function clearMirror(db: Db, entity: MirrorEntityName): Promise<void> {
  await sql`delete from ${table(entity)}`.execute(db);
}
