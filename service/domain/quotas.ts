import {
  creditQuotaWrite,
  INVALID,
  pointQuotaWrite,
  round4,
  type CreditQuota,
  type PointQuota,
  type QuotaBatchItemResult,
} from '@/lib/contract';
import { runBatch, validate } from '../http/batch';
import { isPlainObject } from '../http/body';
import { prepared, type Db, type Queryable } from '../store/db';

/**
 * Point quota (Operation 13 and its read) and contract credit quota (Operation 14 and its batch).
 * `enabled` means different things in the two families (credit: control on/off; points: reported only),
 * but the service stores and reports both the same way. pendingAmount belongs to the ordering flow
 * (contract §4): seeded, never written here.
 */

export type Family = 'point' | 'credit';

/** A quota item failure: the `error` code of that item (not an HTTP status). */
class QuotaError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

interface QuotaItem {
  companyId?: number | null;
  companyCode?: string | null;
  enabled?: boolean | null;
  memo?: string | null;
  amount: number;
}

/**
 * The item rules (lib/contract/point-quota.ts, credit-quota.ts and quotas.ts, in the order Operation 13
 * numbers them), then the lookup (not found, ambiguous). The amount is stored rounded to 4 decimals.
 */
function checkItem(family: Family, item: unknown): QuotaItem {
  if (!isPlainObject(item)) throw new QuotaError(INVALID);
  const { data, errors } = family === 'point' ? validate(pointQuotaWrite, item) : validate(creditQuotaWrite, item);
  if (!data) throw new QuotaError(errors[0] ?? INVALID);
  const raw = 'balance' in data ? data.balance : 'creditAmount' in data ? data.creditAmount : null;
  if (raw == null) throw new QuotaError(INVALID);
  return { ...data, amount: round4(raw) };
}

async function findCompanyId(q: Queryable, tenantId: number, item: QuotaItem): Promise<number> {
  if (item.companyId != null) {
    const rows = await q.query<{ id: number }>('select id from companies where tenant_id = $1 and id = $2', [
      tenantId,
      item.companyId,
    ]);
    if (rows.length === 0) throw new QuotaError('company_not_found');
    return rows[0]!.id;
  }
  // The ERP customer code, matched exactly as outerSysCode upserts are (contract §1); never pick one of several.
  const rows = await q.query<{ id: number }>(
    'select id from companies where tenant_id = $1 and outer_sys_code = $2 order by id limit 2',
    [tenantId, item.companyCode],
  );
  if (rows.length === 0) throw new QuotaError('company_not_found');
  if (rows.length > 1) throw new QuotaError('company_code_ambiguous');
  return rows[0]!.id;
}

/** Absolute values: the amount replaces; enabled defaults to true and memo to "" on create, else they keep. */
const UPSERT: Record<Family, string> = {
  point: `insert into point_quotas (company_id, tenant_id, balance, enabled, memo, updated_at)
          values ($1, $2, $3, coalesce($4, true), coalesce($5, ''), $6)
          on conflict (company_id) do update set balance = excluded.balance,
            enabled = coalesce($4, point_quotas.enabled), memo = coalesce($5, point_quotas.memo), updated_at = excluded.updated_at`,
  credit: `insert into credit_quotas (company_id, tenant_id, credit_amount, pending_amount, enabled, memo, updated_at)
           values ($1, $2, $3, 0, coalesce($4, true), coalesce($5, ''), $6)
           on conflict (company_id) do update set credit_amount = excluded.credit_amount,
             enabled = coalesce($4, credit_quotas.enabled), memo = coalesce($5, credit_quotas.memo), updated_at = excluded.updated_at`,
};

/** POST /v1/companies/{point,credit}-quota/batch: every item in its own savepoint, one error code per failed item. */
export async function quotaBatch(
  db: Db,
  tenantId: number,
  family: Family,
  items: unknown[],
  now: Date,
  log: (line: string) => void,
) {
  return runBatch<Omit<QuotaBatchItemResult, 'index'>>(
    db,
    items,
    async (tx, raw, index) => {
      // Rule 8: results are matched by index; companyCode only echoes the input ("" when none was sent).
      const companyCode = isPlainObject(raw) && typeof raw.companyCode === 'string' ? raw.companyCode : '';
      let item: QuotaItem;
      let companyId: number;
      try {
        item = checkItem(family, raw);
        companyId = await findCompanyId(tx, tenantId, item);
      } catch (error) {
        if (error instanceof QuotaError) return { companyCode, status: 'failed', error: error.code };
        throw error;
      }
      try {
        await tx.query(UPSERT[family], [
          companyId,
          tenantId,
          item.amount,
          item.enabled ?? null,
          item.memo ?? null,
          now,
        ]);
      } catch (error) {
        log(`quota item ${index} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
      return { companyCode, status: 'ok', error: null };
    },
    // Rule 7: an unexpected write failure; runBatch has rolled the item back to its savepoint.
    (_error, index) => {
      const raw = items[index];
      const companyCode = isPlainObject(raw) && typeof raw.companyCode === 'string' ? raw.companyCode : '';
      return { companyCode, status: 'failed', error: 'sync_failed' };
    },
  );
}

interface QuotaRow {
  id: number;
  outer_sys_code: string;
  amount: number | null;
  pending_amount: number | null;
  enabled: boolean | null;
  memo: string | null;
  updated_at: Date | null;
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** GET /v1/companies/{id}/credit-quota. Never set: zero amounts, enabled false (no control), memo "" and updatedAt null. */
export async function readCreditQuota(q: Queryable, tenantId: number, id: number): Promise<CreditQuota | null> {
  const [row] = await q.query<QuotaRow & { available_amount: number | null }>(READ_CREDIT, [tenantId, id]);
  if (!row) return null;
  return {
    companyId: row.id,
    companyOuterSysCode: row.outer_sys_code,
    creditAmount: row.amount ?? 0,
    pendingAmount: row.pending_amount ?? 0,
    // Exact numeric subtraction in SQL, never clamped: an over-limit customer reads negative.
    availableAmount: row.available_amount ?? 0,
    enabled: row.enabled ?? false,
    memo: row.memo ?? '',
    updatedAt: iso(row.updated_at),
  };
}

const READ_CREDIT = prepared(
  `select c.id, c.outer_sys_code, q.credit_amount as amount, q.pending_amount, q.enabled, q.memo, q.updated_at,
          q.credit_amount - q.pending_amount as available_amount
   from companies c left join credit_quotas q on q.company_id = c.id
   where c.tenant_id = $1 and c.id = $2`,
);
const READ_POINTS = prepared(
  `select c.id, c.outer_sys_code, q.balance as amount, q.enabled, q.memo, q.updated_at
   from companies c left join point_quotas q on q.company_id = c.id
   where c.tenant_id = $1 and c.id = $2`,
);

/** GET /v1/companies/{id}/point-quota, with the same never-set defaults. */
export async function readPointQuota(q: Queryable, tenantId: number, id: number): Promise<PointQuota | null> {
  const [row] = await q.query<QuotaRow>(READ_POINTS, [tenantId, id]);
  if (!row) return null;
  return {
    companyId: row.id,
    companyOuterSysCode: row.outer_sys_code,
    balance: row.amount ?? 0,
    enabled: row.enabled ?? false,
    memo: row.memo ?? '',
    updatedAt: iso(row.updated_at),
  };
}
