import 'server-only';
import { defineJobKind, type JobContext } from '../jobs';
import { latestJobIn } from '../jobs';
import {
  readCompanyQuotas,
  readErrorCode,
  removeFromSnapshot,
  staleCompanies,
  upsertSnapshot,
  type CompanyQuotaRead,
} from './snapshot';

import type { RefreshMode } from '@/lib/contract/console/quotas';
export type { RefreshMode } from '@/lib/contract/console/quotas';
export interface RefreshParams {
  mode: RefreshMode;
  /** QUOTA_MAX_AGE at the time the job was started: incremental runs re-read rows older than this. */
  maxAgeMs: number;
}
type Company = { companyId: number; code: string | null; name: string | null };

export const QUOTA_REFRESH = 'quota-refresh';

async function* companyUnits(context: JobContext<RefreshParams>) {
  const { upstream, params, db, tenant } = context;
  let filters: { updatedSince?: Date } = {};
  if (params.mode === 'incremental') {
    const previous = await latestJobIn(db, QUOTA_REFRESH, tenant, 'succeeded');
    // Nothing to be incremental from: read everything.
    if (previous?.startedAt) filters = { updatedSince: previous.startedAt };
    else params.mode = 'full';
  }
  const unit = (c: Company) => ({ key: String(c.companyId), input: c });
  for await (const page of upstream.pages('companies', { filters, pageSize: 100 })) {
    yield page.data.map((c) => unit({ companyId: c.id, code: c.outerSysCode, name: c.name }));
  }
  if (params.mode === 'incremental') {
    // Quota writes do not change a company's updatedAt, so age is the other reason to read again.
    const stale = await staleCompanies(db, tenant, new Date(Date.now() - params.maxAgeMs));
    for (let i = 0; i < stale.length; i += 500) yield stale.slice(i, i + 500).map(unit);
  }
}

/**
 * "Refresh snapshot": reads every company's credit and point quota (full), or the companies changed since the
 * last successful run plus the rows older than QUOTA_MAX_AGE (incremental). One unit per company, so a
 * restart never reads a finished company again. Reads only, so an interrupted unit is simply read again.
 */
export const quotaRefreshJob = defineJobKind<RefreshParams, Company, CompanyQuotaRead>({
  name: QUOTA_REFRESH,
  rerunExpired: true,
  keepResults: false,
  plan: companyUnits,
  async run(company, { upstream }) {
    try {
      return { ok: true, result: await readCompanyQuotas(upstream, company) };
    } catch (error) {
      return { ok: false, error: { code: readErrorCode(error) } };
    }
  },
  async store(trx, finished, { tenant }) {
    const reads = finished.flatMap((f) => (f.outcome.ok && f.outcome.result ? [f.outcome.result] : []));
    await upsertSnapshot(trx, tenant, reads);
    const gone = finished.filter(
      (f) => !f.outcome.ok && (f.outcome.error as { code?: string }).code === 'company_not_found',
    );
    await removeFromSnapshot(
      trx,
      tenant,
      gone.map((f) => f.input.companyId),
    );
  },
});
