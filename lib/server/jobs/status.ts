import 'server-only';
import type { JobStatus } from '@/lib/contract/console/jobs';
import type { JobView } from './store';

/** A job as the console's endpoints send it (lib/contract/console/jobs): no params or tenant, dates as text. */
export function jobStatus(job: JobView): JobStatus {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.error,
    progress: job.progress,
  };
}
