import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import type { MirrorEntityName } from './entities';

type Db = Kysely<ConsoleDatabase>;

/** A page walk in progress, kept after every page so a restart continues where it stopped. */
export interface PassProgress {
  mode: 'initial' | 'sweep' | 'incremental';
  /** The next page to read. */
  page: number;
  /** The service's clock at the walk's first page, minus the lookback (ISO): the watermark once it completes. */
  frozen: string;
  /** When the walk began (this server's clock, ISO). */
  startedAt: string;
  /** The total of the walk's first page; a different total later means rows moved. */
  total: number;
  /** The last id stored; the sweep's records missing between ids are candidates for "gone". */
  lastId: number;
  moved: boolean;
  /** Sweep: ids the walk did not find, confirmed at the end. */
  missing: number[];
}

export interface MirrorState {
  entity: MirrorEntityName;
  tenant: string | null;
  watermark: Date | null;
  lastPassAt: Date | null;
  lastSweepAt: Date | null;
  pass: PassProgress | null;
}

type Row = {
  entity: string;
  tenant: string | null;
  watermark: Date | null;
  last_pass_at: Date | null;
  last_sweep_at: Date | null;
  pass: PassProgress | null;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The entity's state; a fresh one (no watermark: the initial pull is due) when the mirror has none yet or belongs to another upstream. */
export async function readState(db: Db, entity: MirrorEntityName): Promise<MirrorState> {
  const { rows } = await sql<Row>`
    select entity, tenant, watermark, last_pass_at, last_sweep_at, pass from mirror_state where entity = ${entity}`.execute(
    db,
  );
  const row = rows[0];
  return {
    entity,
    tenant: row?.tenant ?? null,
    watermark: date(row?.watermark ?? null),
    lastPassAt: date(row?.last_pass_at ?? null),
    lastSweepAt: date(row?.last_sweep_at ?? null),
    pass: row?.pass ?? null,
  };
}

export type StateUpdate = Partial<{
  tenant: string;
  watermark: Date | null;
  lastPassAt: Date;
  lastPassFinishedAt: Date;
  lastSweepAt: Date | null;
  pass: PassProgress | null;
  lastError: string | null;
}>;

const COLUMNS: Record<keyof StateUpdate, string> = {
  tenant: 'tenant',
  watermark: 'watermark',
  lastPassAt: 'last_pass_at',
  lastPassFinishedAt: 'last_pass_finished_at',
  lastSweepAt: 'last_sweep_at',
  pass: 'pass',
  lastError: 'last_error',
};

export async function writeState(db: Db, entity: MirrorEntityName, update: StateUpdate): Promise<void> {
  const entries = Object.entries(update) as [keyof StateUpdate, unknown][];
  if (entries.length === 0) return;
  const value = (key: keyof StateUpdate, v: unknown) =>
    key === 'pass'
      ? sql`${v === null ? null : JSON.stringify(v)}::jsonb`
      : v instanceof Date
        ? sql`${v.toISOString()}::timestamptz`
        : sql`${v}`;
  const columns = entries.map(([k]) => sql.id(COLUMNS[k]));
  const values = entries.map(([k, v]) => value(k, v));
  const sets = entries.map(([k]) => sql`${sql.id(COLUMNS[k])} = excluded.${sql.id(COLUMNS[k])}`);
  await sql`
    insert into mirror_state (entity, ${sql.join(columns)}) values (${entity}, ${sql.join(values)})
    on conflict (entity) do update set ${sql.join(sets)}`.execute(db);
}

/** Forgets an entity's passes (its copy is being emptied for another upstream). */
export async function resetState(db: Db, entity: MirrorEntityName, tenant: string): Promise<void> {
  await sql`delete from mirror_state where entity = ${entity}`.execute(db);
  await writeState(db, entity, { tenant });
}
