import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import type { JobContext } from './kind';

/** What a unit (or a job's planning) is handed: its job, the database, the kind's upstream, the runner's stop signal. */
export function unitContext(
  parts: { db: Kysely<ConsoleDatabase>; upstream: UpstreamClient; signal: AbortSignal },
  unit: { jobId: string; tenant: string; params: unknown },
  startedAt = new Date(0),
): JobContext<unknown> {
  return { jobId: unit.jobId, tenant: unit.tenant, params: unit.params, startedAt, ...parts };
}
