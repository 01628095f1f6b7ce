/**
 * The job runtime's view of a job (imports, exports, quota refresh), as the console's endpoints send it:
 * dates as ISO 8601 strings. No endpoint of its own (the runtime is started by the process); the areas that
 * run jobs answer with these.
 */
export const JOB_STATES = ['planning', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const ACTIVE_JOB_STATES: readonly JobState[] = ['planning', 'running'];

export interface JobProgress {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Units finished per second over the last few seconds (null before any finished). */
  ratePerSecond: number | null;
  /** Seconds left at that rate (null when unknown). */
  etaSeconds: number | null;
}

/** A job as JSON. */
export interface JobStatus {
  id: string;
  kind: string;
  state: JobState;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  progress: JobProgress;
}
