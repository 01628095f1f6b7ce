import 'server-only';
import type { JobProgress, JobState } from '@/lib/contract/console/jobs';

/** A unit's state in the job_unit table. */
export type UnitState = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobView {
  id: string;
  kind: string;
  tenant: string;
  state: JobState;
  params: unknown;
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  summary: unknown;
  progress: JobProgress;
}
