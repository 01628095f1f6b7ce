import 'server-only';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ConsoleDatabase } from '../db';

/**
 * What the Credit and Points dashboards read: the snapshot in our database, so sorting, filtering, paging
 * and totals are real SQL over every company, not over one page.
 */

type Db = Kysely<ConsoleDatabase>;
type Query = SelectQueryBuilder<ConsoleDatabase, 'quota_snapshot', object>;

import type { CreditRow, PointRow, QuotaTab } from '@/lib/contract/console/quotas';
export { QUOTA_TABS, type CreditRow, type PointRow, type QuotaTab } from '@/lib/contract/console/quotas';

export const CREDIT_SORTS = {
  code: 'company_code',
  name: 'company_name',
  creditAmount: 'credit_amount',
  pendingAmount: 'pending_amount',
  availableAmount: 'available_amount',
  utilisation: 'utilisation',
  enabled: 'credit_enabled',
  memo: 'credit_memo',
  readAt: 'credit_read_at',
} as const;
export const POINT_SORTS = {
  code: 'company_code',
  name: 'company_name',
  balance: 'point_balance',
  enabled: 'point_enabled',
  memo: 'point_memo',
  readAt: 'point_read_at',
} as const;
export type CreditSort = keyof typeof CREDIT_SORTS;
export type PointSort = keyof typeof POINT_SORTS;

export interface QuotaFilters {
  /** Code or name contains (case-insensitive). */
  q?: string;
  companyId?: number;
  enabled?: boolean;
  /** Credit only. */
  overLimit?: boolean;
  /** Credit only: utilisation at or above this fraction (0.8 = 80 %). */
  minUtilisation?: number;
}

export interface QuotaQuery {
  tab: QuotaTab;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  filters: QuotaFilters;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string | null): string => (v ? new Date(v).toISOString() : '');

/**
 * One page of snapshot rows in the chosen order (the tab's column for the asked sort, else `fallback`); company id
 * breaks ties so pages never overlap.
 */
function sortedPage(base: Query, query: QuotaQuery, sorts: Record<string, string>, fallback: string) {
  const column = sorts[query.sort] ?? fallback;
  return base
    .selectAll()
    .orderBy(sql.ref(column), (o) => (query.dir === 'desc' ? o.desc() : o.asc()).nullsLast())
    .orderBy('company_id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
}

/** The company every dashboard row starts with. */
function company(r: { company_id: string; company_code: string | null; company_name: string | null }) {
  return { companyId: Number(r.company_id), code: r.company_code, name: r.company_name };
}

/**
 * Where the rows come from: the snapshot (the refresh job's), or with MIRROR on and its quota copy complete the
 * mirror (lib/server/mirror/passes/quota-pass.ts), shaped as snapshot rows by a CTE of the same name so every query
 * below reads either. A mirrored row was read at the start of the last complete pass at the latest.
 */
export type QuotaSource = 'snapshot' | 'mirror';

const MIRRORED = sql`(
  select ''::text as tenant, q.id as company_id,
    coalesce(c.code, q.record->'credit'->>'companyOuterSysCode') as company_code, c.name as company_name,
    q.credit_amount, (q.record->'credit'->>'pendingAmount')::numeric as pending_amount, q.available_amount,
    case when q.credit_amount > 0 then (q.record->'credit'->>'pendingAmount')::numeric / q.credit_amount end as utilisation,
    (q.record->'credit'->>'enabled')::boolean as credit_enabled, q.record->'credit'->>'memo' as credit_memo,
    (q.record->'credit'->>'updatedAt')::timestamptz as credit_updated_at, greatest(q.changed_at, s.last_pass_at) as credit_read_at,
    q.point_balance, (q.record->'point'->>'enabled')::boolean as point_enabled, q.record->'point'->>'memo' as point_memo,
    (q.record->'point'->>'updatedAt')::timestamptz as point_updated_at, greatest(q.changed_at, s.last_pass_at) as point_read_at
  from mirror_quota q
  left join mirror_company c on c.id = q.id and c.vanished_at is null
  left join mirror_state s on s.entity = 'quotas'
  where q.vanished_at is null)`;

function rowsOf(db: Db, tenant: string, source: QuotaSource): Query {
  if (source === 'snapshot') return db.selectFrom('quota_snapshot').where('tenant', '=', tenant) as Query;
  // The CTE shadows the table; the mirror holds one upstream's copy (its readiness checked the tenant).
  // The cast: Kysely types the CTE's rows from the raw SQL as unknown columns, though they are the snapshot
  // table's columns by name (MIRRORED selects exactly those), so the query is the snapshot query's type.
  return db
    .with('quota_snapshot', (qc) => qc.selectFrom(MIRRORED.as('m')).selectAll())
    .selectFrom('quota_snapshot') as unknown as Query;
}

function filtered(db: Db, tenant: string, tab: QuotaTab, f: QuotaFilters, source: QuotaSource = 'snapshot'): Query {
  let q = rowsOf(db, tenant, source);
  q = q.where(tab === 'credit' ? 'credit_read_at' : 'point_read_at', 'is not', null);
  if (f.companyId !== undefined) q = q.where('company_id', '=', String(f.companyId));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('company_code', 'ilike', like), eb('company_name', 'ilike', like)]));
  }
  if (f.enabled !== undefined) q = q.where(tab === 'credit' ? 'credit_enabled' : 'point_enabled', '=', f.enabled);
  if (tab === 'credit') {
    if (f.overLimit) q = q.where('available_amount', '<', '0');
    if (f.minUtilisation !== undefined) q = q.where('utilisation', '>=', String(f.minUtilisation));
  }
  return q;
}

export async function readCreditPage(db: Db, tenant: string, query: QuotaQuery, source: QuotaSource = 'snapshot') {
  const base = filtered(db, tenant, 'credit', query.filters, source);
  const [rows, totals] = await Promise.all([
    sortedPage(base, query, CREDIT_SORTS, 'available_amount'),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.sum<string>('credit_amount').as('credit'),
        eb.fn.sum<string>('pending_amount').as('pending'),
        eb.fn.sum<string>('available_amount').as('available'),
        sql<string>`count(*) filter (where available_amount < 0)`.as('over'),
        // Over the limit with credit control off: "Needs attention" leaves them out, so the totals say how many.
        sql<string>`count(*) filter (where available_amount < 0 and not coalesce(credit_enabled, false))`.as('overOff'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r): CreditRow => ({
      ...company(r),
      creditAmount: num(r.credit_amount) ?? 0,
      pendingAmount: num(r.pending_amount) ?? 0,
      availableAmount: num(r.available_amount) ?? 0,
      utilisation: num(r.utilisation),
      enabled: r.credit_enabled ?? false,
      memo: r.credit_memo,
      readAt: iso(r.credit_read_at),
    })),
    total: Number(totals.count),
    totals: {
      creditAmount: num(totals.credit) ?? 0,
      pendingAmount: num(totals.pending) ?? 0,
      availableAmount: num(totals.available) ?? 0,
      overLimit: Number(totals.over),
      overLimitControlOff: Number(totals.overOff),
    },
  };
}

export async function readPointPage(db: Db, tenant: string, query: QuotaQuery, source: QuotaSource = 'snapshot') {
  const base = filtered(db, tenant, 'points', query.filters, source);
  const [rows, totals] = await Promise.all([
    sortedPage(base, query, POINT_SORTS, 'point_balance'),
    base
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('point_balance').as('balance')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r): PointRow => ({
      ...company(r),
      balance: num(r.point_balance) ?? 0,
      enabled: r.point_enabled ?? false,
      memo: r.point_memo,
      readAt: iso(r.point_read_at),
    })),
    total: Number(totals.count),
    totals: { balance: num(totals.balance) ?? 0 },
  };
}

/** Utilisation buckets for the chart (upper bounds exclusive; "over" is available < 0, "no limit" is credit 0). */
export const UTILISATION_BUCKETS = [
  { key: 'u0', from: 0, to: 0.25 },
  { key: 'u25', from: 0.25, to: 0.5 },
  { key: 'u50', from: 0.5, to: 0.75 },
  { key: 'u75', from: 0.75, to: 0.9 },
  { key: 'u90', from: 0.9, to: 1 },
  { key: 'u100', from: 1, to: null },
] as const;

export async function readCreditCharts(
  db: Db,
  tenant: string,
  filters: QuotaFilters,
  source: QuotaSource = 'snapshot',
) {
  const base = filtered(db, tenant, 'credit', filters, source);
  const cases = UTILISATION_BUCKETS.map((b) =>
    b.to === null
      ? sql<string>`count(*) filter (where utilisation >= ${b.from})`.as(b.key)
      : sql<string>`count(*) filter (where utilisation >= ${b.from} and utilisation < ${b.to})`.as(b.key),
  );
  const [counts, top] = await Promise.all([
    base
      .select([...cases, sql<string>`count(*) filter (where utilisation is null)`.as('none')])
      .executeTakeFirstOrThrow(),
    base
      .select(['company_id', 'company_code', 'company_name', 'available_amount'])
      .where('available_amount', '<', '0')
      .orderBy('available_amount', 'asc')
      .orderBy('company_id')
      .limit(20)
      .execute(),
  ]);
  const c = counts as Record<string, string>;
  return {
    distribution: [
      ...UTILISATION_BUCKETS.map((b) => ({ key: b.key as string, count: Number(c[b.key]) })),
      { key: 'none', count: Number(c.none) },
    ],
    mostOver: top.map((r) => ({
      ...company(r),
      availableAmount: num(r.available_amount) ?? 0,
    })),
  };
}

/** How old the snapshot is: its oldest and newest read, and how many companies it holds. */
export async function readSnapshotAge(db: Db, tenant: string) {
  const row = await db
    .selectFrom('quota_snapshot')
    .where('tenant', '=', tenant)
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      sql<Date | null>`min(least(credit_read_at, point_read_at))`.as('oldest'),
      sql<Date | null>`max(greatest(credit_read_at, point_read_at))`.as('newest'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest ? iso(row.oldest) : null,
    newest: row.newest ? iso(row.newest) : null,
  };
}
