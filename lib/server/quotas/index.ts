import 'server-only';
import { getConsoleDb, currentTenant } from '../process';
import { getEnv } from '../env';
import { cancelJob, latestJob, startJob, JobAlreadyActiveError } from '../jobs';
import { jobStatus } from '../jobs';
import type { QuotaStatus } from '@/lib/contract/console/quotas';
import { quotaRefreshJob, type RefreshMode } from './refresh-job';
import { readSnapshotAge } from './dashboard';

export { quotaRefreshJob } from './refresh-job';

/** The newest refresh (running or not) and the snapshot's age, for the dashboards' status line. */
export async function quotaStatus(): Promise<QuotaStatus> {
  const [job, age] = await Promise.all([
    latestJob(quotaRefreshJob),
    getConsoleDb().then((db) => readSnapshotAge(db, currentTenant())),
  ]);
  const maxAgeMs = getEnv().jobs.quotaMaxAgeMs;
  // Stale when any company's read is older than QUOTA_MAX_AGE.
  const stale = age.oldest !== null && Date.now() - new Date(age.oldest).getTime() > maxAgeMs;
  return { job: job && jobStatus(job), age: { ...age, stale }, maxAgeMs };
}

/** Starts a refresh, or returns the one already running (a second click, another tab, another instance). */
export async function startQuotaRefresh(
  mode: RefreshMode,
  createdBy: string,
): Promise<{ jobId: string; started: boolean }> {
  try {
    const jobId = await startJob(quotaRefreshJob, {
      params: { mode, maxAgeMs: getEnv().jobs.quotaMaxAgeMs },
      createdBy,
    });
    return { jobId, started: true };
  } catch (error) {
    if (error instanceof JobAlreadyActiveError) return { jobId: error.activeJobId, started: false };
    throw error;
  }
}

export async function cancelQuotaRefresh(jobId: string): Promise<boolean> {
  const job = await latestJob(quotaRefreshJob);
  // Only the tenant's own refresh: a job id from elsewhere is not ours to stop.
  if (!job || job.id !== jobId) return false;
  return cancelJob(jobId);
}

export { applyAndRecordQuotaEdit } from './apply';
export { readCreditCharts, readCreditPage, readPointPage, type QuotaQuery } from './dashboard';
export { previewQuotaEdit, rowsStillAsReviewed } from './edit';
export { readCompanyQuotas } from './snapshot';
export { QUOTA_PAGE_SIZES, parseQuotaQuery, quotaHref } from './query';
export { companyNames, quotaSource } from './source';
export { companyIdOf } from './company';
