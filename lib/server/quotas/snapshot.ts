import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { CreditQuota, PointQuota } from '@/lib/contract';
import type { ConsoleDatabase } from '../db';
import { isApiError, type UpstreamClient } from '../upstream';

type Db = Kysely<ConsoleDatabase>;

/** One company's quotas as read, with the time each answer arrived. */
export interface CompanyQuotaRead {
  companyId: number;
  code: string | null;
  name: string | null;
  credit: CreditQuota;
  creditReadAt: string;
  point: PointQuota;
  pointReadAt: string;
}

/** Utilisation is pending ÷ credit; with no credit there is nothing to use up, so it is unknown, not ∞. */
export function utilisationOf(credit: Pick<CreditQuota, 'creditAmount' | 'pendingAmount'>): number | null {
  return credit.creditAmount > 0 ? credit.pendingAmount / credit.creditAmount : null;
}

/** Reads both quota records of a company (reads are retried by the client; a 404 is the answer). */
export async function readCompanyQuotas(
  upstream: UpstreamClient,
  company: { companyId: number; code: string | null; name: string | null },
): Promise<CompanyQuotaRead> {
  const [[credit, creditReadAt], [point, pointReadAt]] = await Promise.all([
    upstream.read('creditQuota', company.companyId).then((q) => [q, new Date().toISOString()] as const),
    upstream.read('pointQuota', company.companyId).then((q) => [q, new Date().toISOString()] as const),
  ]);
  return { ...company, code: company.code ?? credit.companyOuterSysCode, credit, creditReadAt, point, pointReadAt };
}

/** The code of a failed read, for the unit's error (company_not_found when it was deleted meanwhile). */
export function readErrorCode(error: unknown): string {
  return isApiError(error) ? error.code : 'unit_error';
}

export async function upsertSnapshot(db: Db, tenant: string, reads: readonly CompanyQuotaRead[]): Promise<void> {
  for (let i = 0; i < reads.length; i += 500) {
    const rows = reads.slice(i, i + 500).map((r) => ({
      tenant,
      company_id: r.companyId,
      company_code: r.code,
      company_name: r.name,
      credit_amount: r.credit.creditAmount,
      pending_amount: r.credit.pendingAmount,
      available_amount: r.credit.availableAmount,
      utilisation: utilisationOf(r.credit),
      credit_enabled: r.credit.enabled,
      credit_memo: r.credit.memo,
      credit_updated_at: r.credit.updatedAt,
      credit_read_at: r.creditReadAt,
      point_balance: r.point.balance,
      point_enabled: r.point.enabled,
      point_memo: r.point.memo,
      point_updated_at: r.point.updatedAt,
      point_read_at: r.pointReadAt,
    }));
    await db
      .insertInto('quota_snapshot')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['tenant', 'company_id']).doUpdateSet((eb) => ({
          company_code: eb.ref('excluded.company_code'),
          company_name: eb.ref('excluded.company_name'),
          credit_amount: eb.ref('excluded.credit_amount'),
          pending_amount: eb.ref('excluded.pending_amount'),
          available_amount: eb.ref('excluded.available_amount'),
          utilisation: eb.ref('excluded.utilisation'),
          credit_enabled: eb.ref('excluded.credit_enabled'),
          credit_memo: eb.ref('excluded.credit_memo'),
          credit_updated_at: eb.ref('excluded.credit_updated_at'),
          credit_read_at: eb.ref('excluded.credit_read_at'),
          point_balance: eb.ref('excluded.point_balance'),
          point_enabled: eb.ref('excluded.point_enabled'),
          point_memo: eb.ref('excluded.point_memo'),
          point_updated_at: eb.ref('excluded.point_updated_at'),
          point_read_at: eb.ref('excluded.point_read_at'),
        })),
      )
      .execute();
  }
}

/** A company that no longer exists upstream leaves the snapshot. */
export async function removeFromSnapshot(db: Db, tenant: string, companyIds: readonly number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .deleteFrom('quota_snapshot')
    .where('tenant', '=', tenant)
    .where('company_id', 'in', companyIds.map(String))
    .execute();
}

/** Companies whose older read is before `before` (for the incremental refresh). */
export async function staleCompanies(
  db: Db,
  tenant: string,
  before: Date,
): Promise<{ companyId: number; code: string | null; name: string | null }[]> {
  const rows = await db
    .selectFrom('quota_snapshot')
    .select(['company_id', 'company_code', 'company_name'])
    .where('tenant', '=', tenant)
    .where((eb) =>
      eb.or([
        eb('credit_read_at', 'is', null),
        eb('point_read_at', 'is', null),
        eb(sql`least(credit_read_at, point_read_at)`, '<', before),
      ]),
    )
    .orderBy('company_id')
    .execute();
  return rows.map((r) => ({ companyId: Number(r.company_id), code: r.company_code, name: r.company_name }));
}
