import 'server-only';
import type { ExportResource } from '@/lib/files/export-columns';
import { getConsoleDb, currentTenant, getJobsUpstream } from '../process';
import { getJob, JobAlreadyActiveError, startJob, type JobView } from '../jobs';
import { getEnv } from '../env';
import { mirrorServes } from '../mirror';
import { EXPORT_JOB, exportCsv, exportFilters, exportJob, exportLists, planExport } from './export-job';
import type { ExportParams } from './export-job';
import { exportXlsx } from './export-xlsx';
import type { ErrorCode } from '@/lib/contract/errors';

export { EXPORT_JOB_THRESHOLD } from './export-job';

/**
 * Each person runs one export job at a time: the runtime allows one active run per kind and "tenant", so
 * the person's id is part of the tenant key of their exports.
 */
const exportTenant = (userId: string) => `${currentTenant()}#export:${userId}`;

export class ExportStateError extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'export_already_running' | 'export_not_found' | 'export_not_ready'>,
    readonly activeJobId?: string,
  ) {
    super(code);
    this.name = 'ExportStateError';
  }
}

import type { ExportFormat, ExportView } from '@/lib/contract/console/exports';
export type { ExportView } from '@/lib/contract/console/exports';

function view(job: JobView): ExportView {
  const params = job.params as ExportParams;
  const p = job.progress;
  return {
    id: job.id,
    resource: params.resource,
    filters: params.filters,
    totalCount: params.totalCount,
    state: job.state,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    pagesDone: p.done,
    pagesTotal: p.total,
    pagesFailed: p.failed,
    ready: job.state === 'succeeded' && p.failed === 0 && p.cancelled === 0,
  };
}

export async function startExport(
  user: { id: string },
  resource: ExportResource,
  rawFilters: unknown,
): Promise<ExportView> {
  const filters = exportFilters(resource, rawFilters);
  // The mirror's copy when it holds every list the file needs (lists read it too); live otherwise (MIRROR=off,
  // its first copy not complete, a filter only the service answers).
  const db = await getConsoleDb();
  const { mirror: setting } = getEnv();
  const mirror =
    !('updatedSince' in filters) &&
    (await mirrorServes(db, exportLists(resource), {
      enabled: setting.enabled,
      tenant: currentTenant(),
      intervalMs: setting.intervalMs,
    }));
  const { totalCount, units } = await planExport(
    getJobsUpstream(),
    resource,
    filters,
    undefined,
    mirror ? db : undefined,
  );
  try {
    const id = await startJob(exportJob, {
      params: { resource, filters, totalCount, mirror } satisfies ExportParams,
      createdBy: user.id,
      units,
      tenant: exportTenant(user.id),
    });
    return view((await getJob(id))!);
  } catch (error) {
    if (error instanceof JobAlreadyActiveError)
      throw new ExportStateError('export_already_running', String(error.activeJobId));
    throw error;
  }
}

/** The person's latest exports, newest first. */
export async function listMyExports(user: { id: string }, limit = 20): Promise<ExportView[]> {
  const db = await getConsoleDb();
  const rows = await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', EXPORT_JOB)
    .where('tenant', '=', exportTenant(user.id))
    .where('created_by', '=', user.id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const jobs = await Promise.all(rows.map((r) => getJob(String(r.id))));
  return jobs.filter((j): j is JobView => j !== null).map(view);
}

/** One of the person's exports; someone else's is not found. */
export async function getMyExport(user: { id: string }, id: string): Promise<ExportView | null> {
  if (!/^[1-9][0-9]{0,18}$/.test(id)) return null;
  const job = await getJob(id);
  if (!job || job.kind !== EXPORT_JOB || job.createdBy !== user.id) return null;
  return view(job);
}

/** The finished file of one of the person's exports, in parts: an Excel workbook's bytes, or CSV text. */
export async function exportFile(
  user: { id: string },
  id: string,
  header: (key: string) => string,
  format: ExportFormat = 'xlsx',
) {
  const found = await getMyExport(user, id);
  if (!found) throw new ExportStateError('export_not_found');
  if (!found.ready) throw new ExportStateError('export_not_ready');
  const db = await getConsoleDb();
  const parts: AsyncGenerator<string | Uint8Array> =
    format === 'csv' ? exportCsv(db, id, found.resource, header) : exportXlsx(db, id, found.resource, header);
  return { view: found, parts };
}
export { exportJob } from './export-job';
