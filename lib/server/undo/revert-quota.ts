import 'server-only';
import { sql, type Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { QUOTA_AMOUNT_FIELD, type RevertRow } from '@/lib/contract/console/reverts';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import type { FamilyName } from '@/lib/imports/families';
import { judgeFor } from '../approvals';
import type { ConsoleDatabase } from '../db';
import { companyIdOf } from '../quotas';
import { isApiError, type UpstreamClient } from '../upstream';

/**
 * Reverting a credit or point quota import (issue 56 point 5). Quotas have no mirror copy, so the live values
 * are read from /v1 one company at a time; the old values come from the import's History (a quota file is
 * compared with live data before sending, a bulk edit reads them). The revert's rows are then held to the
 * approval policy by the import job like any quota import's (lib/server/imports/hold.ts); the review says
 * beforehand which.
 */

const QUOTA_TAB = { creditQuotas: 'credit', pointQuotas: 'points' } as const;
const AMOUNT = QUOTA_AMOUNT_FIELD;
type QuotaFamilyName = keyof typeof QUOTA_TAB;

export const isQuotaFamily = (family: FamilyName): family is QuotaFamilyName => family in QUOTA_TAB;

/** How a quota revert's row names its company: by id, or by the ERP code History kept (`code:…`). */
export function quotaKey(recordId: string): Record<string, unknown> | null {
  if (recordId.startsWith('code:') && recordId.length > 5) return { companyCode: recordId.slice(5) };
  const id = Number(recordId);
  return Number.isSafeInteger(id) && id > 0 ? { companyId: id } : null;
}

/** The company a quota revert's row names (History's record id), as the approval gate finds it. */
async function companyOfRecord(client: UpstreamClient, recordId: string, signal?: AbortSignal): Promise<number | null> {
  const key = quotaKey(recordId);
  return key ? companyIdOf(client, key, signal) : null;
}

/**
 * The live quota of each record (by History's record id), with `outerSysCode` for the review's name. A company
 * the service no longer knows is left out (read as gone). Throws when /v1 cannot be read.
 */
async function readLiveQuotas(
  client: UpstreamClient,
  family: QuotaFamilyName,
  recordIds: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, Record<string, unknown>>> {
  const limit = pLimit(8);
  const found = new Map<string, Record<string, unknown>>();
  await Promise.all(
    recordIds.map((recordId) =>
      limit(async () => {
        const id = await companyOfRecord(client, recordId, signal);
        if (id === null) return;
        try {
          const q = await client.read(family === 'creditQuotas' ? 'creditQuota' : 'pointQuota', id, signal);
          found.set(recordId, { ...q, outerSysCode: q.companyOuterSysCode });
        } catch (error) {
          if (!(isApiError(error) && error.status === 404)) throw error;
        }
      }),
    ),
  );
  return found;
}

/** The quota's amount as the write must carry it when the revert does not put an old one back. */
function carriedAmount(
  family: QuotaFamilyName,
  fields: readonly { field: string }[],
  now: Record<string, unknown> | undefined,
): Record<string, number> | undefined {
  const field = AMOUNT[family];
  const amount = now?.[field];
  if (fields.some((f) => f.field === field) || typeof amount !== 'number') return undefined;
  return { [field]: amount };
}

/**
 * The item of a quota row the revert leaves as it is (never sent): the family's check requires an amount, so it
 * carries the live one, else the row would be held back as failing the check instead of skipped with its reason.
 */
export function leftQuotaItem(
  family: QuotaFamilyName,
  key: Record<string, unknown>,
  row: Pick<RevertRow, 'carry' | 'fields'>,
): Record<string, unknown> {
  const field = AMOUNT[family];
  const amount = row.carry?.[field] ?? row.fields.find((f) => f.field === field)?.live;
  return typeof amount === 'number' ? { ...key, [field]: amount } : key;
}

/**
 * Marks the rows the policy would catch (`waitsForApproval`): the change from the live values to the old ones,
 * judged by the rules the import job's hold applies when the revert is sent (earlier steps of the policy's window
 * included). Returns how many.
 */
async function markApprovals(
  db: Kysely<ConsoleDatabase>,
  approval: { policy: ApprovalPolicy; tenant: string },
  family: QuotaFamilyName,
  rows: RevertRow[],
  live: ReadonlyMap<string, Record<string, unknown>>,
): Promise<number> {
  const companyOf = (now: Record<string, unknown>) => ({
    companyId: Number(now.companyId ?? now.id),
    code: typeof now.outerSysCode === 'string' ? now.outerSysCode : null,
  });
  const judge = await judgeFor(db, {
    tenant: approval.tenant,
    tab: QUOTA_TAB[family],
    policy: approval.policy,
    companies: [...live.values()].map(companyOf),
  });
  let waiting = 0;
  for (const row of rows) {
    const now = live.get(row.recordId);
    if (!now || (row.kind !== 'restore' && row.kind !== 'changedSince')) continue;
    const old: QuotaValues = {
      amount: Number(now[AMOUNT[family]] ?? 0),
      enabled: Boolean(now.enabled),
      memo: typeof now.memo === 'string' ? now.memo : null,
    };
    const back = new Map(row.fields.filter((f) => f.before !== null).map((f) => [f.field, f.before]));
    const amount = back.get(AMOUNT[family]);
    const enabled = back.get('enabled');
    const memo = back.get('memo');
    const next: QuotaValues = {
      amount: typeof amount === 'number' ? amount : old.amount,
      enabled: typeof enabled === 'boolean' ? enabled : old.enabled,
      memo: typeof memo === 'string' ? memo : old.memo,
    };
    row.waitsForApproval = judge({ ...companyOf(now), old, new: next }).rules.length > 0;
    if (row.waitsForApproval && row.selected) waiting += 1;
  }
  return waiting;
}

/**
 * Just before a revert's chunk is sent (lib/server/imports/hold.ts): a row that puts back only the switch or the
 * memo still has to carry an amount, and the one read at the review may be stale (a manager may have changed it
 * since). Its amount is read again now and written into the row's item and its `before`, so the write keeps the
 * amount as it is and History names no change of it. Such a row is known by its empty amount cell (the revert's file
 * lists the values it puts back, ./revert.ts). Returns the rows whose quota could not be read now: they must not be
 * sent.
 */
export async function carryLiveAmounts(
  db: Kysely<ConsoleDatabase>,
  client: UpstreamClient,
  family: QuotaFamilyName,
  importId: string,
  rows: readonly { rowNo: number; item: Record<string, unknown> | null }[],
  signal?: AbortSignal,
): Promise<{ items: Map<number, Record<string, unknown>>; unread: number[] }> {
  const field = AMOUNT[family];
  const { rows: found } = await sql<{ headers: string }>`
    select headers::text as headers from import where id = ${importId}`.execute(db);
  // Cells are id, ERP code, then one per field some row puts back (absent: no row puts an amount back). A company
  // named only by its ERP code has an empty id: it is read by `code:<code>`, as History names it.
  const at = found[0] ? (JSON.parse(found[0].headers) as string[]).indexOf(field) : -1;
  const { rows: cells } = await sql<{ row_no: number; record_id: string | null; amount: string | null }>`
    select row_no, coalesce(nullif(cells->>0, ''), 'code:' || nullif(cells->>1, '')) as record_id,
      ${at >= 0 ? sql`cells->>${at}::int` : sql`null::text`} as amount
    from import_row where import_id = ${importId} and row_no = any(${rows.map((r) => r.rowNo)}::int[])`.execute(db);
  const carried = new Map(cells.filter((c) => c.record_id && !c.amount).map((c) => [c.row_no, c.record_id!] as const));
  const items = new Map<number, Record<string, unknown>>();
  const unread: number[] = [];
  const targets = rows.filter((r) => r.item && carried.has(r.rowNo));
  if (!targets.length) return { items, unread };
  let live = new Map<string, Record<string, unknown>>();
  try {
    live = await readLiveQuotas(client, family, [...new Set(carried.values())], signal);
  } catch {
    // Not read: every carried row is left unsent below rather than sent with the amount of the review.
  }
  for (const row of targets) {
    const amount = live.get(carried.get(row.rowNo)!)?.[field];
    if (typeof amount === 'number') items.set(row.rowNo, { ...row.item, [field]: amount });
    else unread.push(row.rowNo);
  }
  if (items.size) {
    const records = [...items].map(([rowNo, item]) => ({ row_no: rowNo, item, amount: { [field]: item[field] } }));
    await sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(records)}::json) as x(row_no integer, item jsonb, amount jsonb)
      ),
      items as (
        update import_row r set item = x.item from x where r.import_id = ${importId} and r.row_no = x.row_no
        returning r.row_no, r.attempt, x.amount
      )
      update import_row_before b set before = b.before || items.amount from items
      where b.import_id = ${importId} and b.row_no = items.row_no and b.attempt = items.attempt`.execute(db);
  }
  return { items, unread };
}

/**
 * Where a quota review differs from a record's, in one place: the review asks it once (`quotaRevertOf`) rather than
 * testing the family at each step. Quotas are read company by company, carry the live amount when the revert does
 * not put one back, name fields in who changed them since (an edit of the company's name is no change of its
 * quota), and are judged by the approval policy. The revert's rows (revert.ts) name a company by `quotaKey` and
 * leave a row with the live amount (`leftQuotaItem`).
 */
export interface QuotaRevert {
  readLive(
    client: UpstreamClient,
    recordIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, Record<string, unknown>>>;
  carry(
    fields: readonly { field: string }[],
    now: Record<string, unknown> | undefined,
  ): Record<string, number> | undefined;
  markApprovals(
    db: Kysely<ConsoleDatabase>,
    approval: { policy: ApprovalPolicy; tenant: string },
    rows: RevertRow[],
    live: ReadonlyMap<string, Record<string, unknown>>,
  ): Promise<number>;
}

/** The quota strategy of a family, or null for the families that are records. */
export function quotaRevertOf(family: FamilyName): QuotaRevert | null {
  if (!isQuotaFamily(family)) return null;
  return {
    readLive: async (client, recordIds, signal) => {
      const named = recordIds.filter((id) => quotaKey(id) !== null);
      return named.length ? readLiveQuotas(client, family, named, signal) : new Map();
    },
    carry: (fields, now) => carriedAmount(family, fields, now),
    markApprovals: (db, approval, rows, live) => markApprovals(db, approval, family, rows, live),
  };
}
