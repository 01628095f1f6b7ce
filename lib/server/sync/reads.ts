import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  ClosedHow,
  RejectionCause,
  RejectionError,
  RejectionFilters,
  RejectionItems,
  RejectionRow,
  RejectionsView,
} from '@/lib/contract/console/rejections';
import { isFamilyName, type FamilyName } from '@/lib/imports/family-columns';
import { itemErrors } from '@/lib/imports/item-errors';
import type { ConsoleDatabase } from '../db';

type Db = Kysely<ConsoleDatabase>;

/** Rejections one page reads; past it the page says so and the filters narrow it. */
export const REJECTIONS_READ_MAX = 2000;
/** Days of the home card's trend, today last. */
export const TREND_DAYS = 7;

export interface StoredRejection {
  id: string;
  call_id: string;
  family: string;
  item_index: number;
  record_key: string;
  item: unknown;
  error_code: string;
  error_field: string | null;
  errors: unknown;
  received_at: Date;
  closed_at: Date | null;
  closed_how: ClosedHow | null;
  closed_by: string | null;
  close_note: string | null;
  client_id: string;
  source: 'relay' | 'upload' | 'paste';
}

/** The filters as one SQL condition over `r` (sync_rejection) and `c` (sync_call). Days are UTC. */
export function whereOf(filters: RejectionFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    filters.state === 'closed' ? sql`r.closed_at is not null` : sql`r.closed_at is null`,
  ];
  if (filters.family) parts.push(sql`r.family = ${filters.family}`);
  // An item with several errors is found by each of them.
  if (filters.error)
    parts.push(sql`(r.error_code = ${filters.error} or r.errors @> jsonb_build_array(${filters.error}::text))`);
  if (filters.client !== undefined && filters.client !== '') parts.push(sql`c.client_id = ${filters.client}`);
  if (filters.from) parts.push(sql`r.received_at >= ${filters.from}::date`);
  if (filters.to) parts.push(sql`r.received_at < ${filters.to}::date + 1`);
  return sql.join(parts, sql` and `);
}

export async function readStored(db: Db, filters: RejectionFilters, limit: number): Promise<StoredRejection[]> {
  const { rows } = await sql<StoredRejection>`
    select r.id::text, r.call_id::text, r.family, r.item_index, r.record_key, r.item, r.error_code, r.error_field,
      r.errors, r.received_at, r.closed_at, r.closed_how, r.closed_by, r.close_note, c.client_id, c.source
    from sync_rejection r join sync_call c on c.id = r.call_id
    where ${whereOf(filters)}
    order by r.received_at desc, r.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** Every error of a stored rejection, each with its field and the value the ERP sent there. */
export function errorsOf(r: Pick<StoredRejection, 'family' | 'item' | 'errors' | 'error_code'>): RejectionError[] {
  if (!isFamilyName(r.family)) return [{ code: r.error_code, field: null, value: null }];
  return itemErrors(r.family, r.item, codesOf(r.errors, r.error_code));
}

const causeKey = (family: string, e: RejectionError) => `${family}|${e.code}|${e.field ?? ''}`;

function rowOf(r: StoredRejection, errors: RejectionError[], emails: ReadonlyMap<string, string>): RejectionRow {
  return {
    id: r.id,
    recordKey: r.record_key,
    itemIndex: r.item_index,
    errors,
    receivedAt: r.received_at.toISOString(),
    closedHow: r.closed_how,
    closedAt: r.closed_at?.toISOString() ?? null,
    closedBy: r.closed_by ? (emails.get(r.closed_by) ?? r.closed_by) : null,
    note: r.close_note,
  };
}

/**
 * Groups rejections (newest first) by cause, then by sync, keeping the order: the newest cause first, within
 * it the newest sync first, within that the records in the order the ERP sent them. An item with several
 * errors is in the group of each, and shows all of them there.
 */
export function groupByCause(stored: readonly StoredRejection[], emails: ReadonlyMap<string, string>) {
  const causes = new Map<string, RejectionCause>();
  for (const r of stored) {
    if (!isFamilyName(r.family)) continue;
    const errors = errorsOf(r);
    const row = rowOf(r, errors, emails);
    for (const error of errors) {
      const key = causeKey(r.family, error);
      let cause = causes.get(key);
      if (!cause) {
        cause = {
          key,
          family: r.family,
          errorCode: error.code,
          field: error.field,
          count: 0,
          example: { ...error, recordKey: r.record_key },
          newestAt: r.received_at.toISOString(),
          syncs: [],
        };
        causes.set(key, cause);
      }
      cause.count++;
      let sync = cause.syncs.find((s) => s.callId === r.call_id);
      if (!sync) {
        sync = {
          callId: r.call_id,
          receivedAt: r.received_at.toISOString(),
          clientId: r.client_id,
          source: r.source,
          rows: [],
        };
        cause.syncs.push(sync);
      }
      sync.rows.push(row);
    }
  }
  for (const cause of causes.values())
    for (const sync of cause.syncs) sync.rows.sort((a, b) => a.itemIndex - b.itemIndex);
  return [...causes.values()];
}

/** The e-mails of the accounts that closed rejections (closed_by holds an account id). */
async function emailsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; email: string }>`
    select id, email from "user" where id = any(${[...new Set(ids)]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function listRejections(db: Db, filters: RejectionFilters): Promise<RejectionsView> {
  const stored = await readStored(db, filters, REJECTIONS_READ_MAX + 1);
  const truncated = stored.length > REJECTIONS_READ_MAX;
  const kept = stored.slice(0, REJECTIONS_READ_MAX);
  const emails = await emailsOf(
    db,
    kept.flatMap((r) => (r.closed_by ? [r.closed_by] : [])),
  );
  const { rows: totals } = await sql<{ total: number }>`
    select count(*)::int as total from sync_rejection r join sync_call c on c.id = r.call_id
    where ${whereOf(filters)}`.execute(db);
  const { rows: choices } = await sql<{ kind: string; value: string }>`
    select distinct 'family' as kind, family as value from sync_rejection
    union select distinct 'error', error_code from sync_rejection
    union select distinct 'error', e.code from sync_rejection, jsonb_array_elements_text(
      case when jsonb_typeof(errors) = 'array' then errors else '[]'::jsonb end) as e(code)
    union select distinct 'client', c.client_id from sync_call c where exists (select 1 from sync_rejection r where r.call_id = c.id)
    order by 1, 2`.execute(db);
  const of = (kind: string) => choices.filter((c) => c.kind === kind).map((c) => c.value);
  return {
    causes: groupByCause(kept, emails),
    total: totals[0]?.total ?? 0,
    truncated,
    choices: { families: of('family').filter(isFamilyName), errors: of('error'), clients: of('client') },
  };
}

/** The ERP's items of these rejections for the fix grid; null when one is gone, 'mixed' across families. */
export async function rejectionItems(db: Db, ids: readonly string[]): Promise<RejectionItems | null | 'mixed'> {
  const { rows } = await sql<{ id: string; family: string; item: unknown; errors: unknown; error_code: string }>`
    select id::text, family, item, errors, error_code from sync_rejection
    where id = any(${[...ids]}::bigint[]) order by received_at desc, id desc`.execute(db);
  const { rows: syncs } = await sql<{ received_at: Date; source: StoredRejection['source'] }>`
    select c.received_at, c.source from sync_call c
    where c.id in (select call_id from sync_rejection where id = any(${[...ids]}::bigint[]))
    order by c.received_at, c.id`.execute(db);
  if (rows.length !== new Set(ids).size) return null;
  const families = new Set(rows.map((r) => r.family));
  const family = rows[0]?.family;
  if (families.size !== 1 || !isFamilyName(family)) return 'mixed';
  return {
    family: family as FamilyName,
    items: rows.map((r, index) => ({ id: r.id, index, item: r.item, codes: codesOf(r.errors, r.error_code) })),
    syncs: syncs.map((c) => ({ receivedAt: c.received_at.toISOString(), source: c.source })),
  };
}

/** The codes of an item's stored error(s): the answer's `errors` list, a single `error`, or the first code. */
export function codesOf(errors: unknown, first: string): string[] {
  const list = Array.isArray(errors) ? errors : [errors];
  const codes = list.flatMap((e) =>
    typeof e === 'string'
      ? [e]
      : e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string'
        ? [(e as { code: string }).code]
        : [],
  );
  return codes.length ? codes : [first];
}

/** Open rejections now (the navigation's count; cheap beside openCount's trend). */
export async function openTotal(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from sync_rejection where closed_at is null`.execute(db);
  return rows[0]?.count ?? 0;
}

/** Open rejections now and at the end of each of the last TREND_DAYS days (UTC), today last. */
export async function openCount(db: Db): Promise<{ count: number; trend: { day: string; count: number }[] }> {
  const { rows } = await sql<{ day: string; count: number }>`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(*)::int from sync_rejection r
        where r.received_at < least(d + interval '1 day', now()) and (r.closed_at is null or r.closed_at >= least(d + interval '1 day', now()))) as count
    from generate_series(current_date - ${TREND_DAYS - 1}::int, current_date, interval '1 day') as d
    order by d`.execute(db);
  const { rows: now } = await sql<{ count: number }>`
    select count(*)::int as count from sync_rejection where closed_at is null`.execute(db);
  return { count: now[0]?.count ?? 0, trend: rows };
}
