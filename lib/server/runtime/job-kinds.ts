import 'server-only';
import { auditRetentionJob } from '../audit';
import { exportJob } from '../exports';
import { IMPORT_JOB_KINDS } from '../imports';
import type { AnyJobKind } from '../jobs';
import { mirrorPassJob } from '../mirror';
import { quotaRefreshJob } from '../quotas';
import { syncLogRetentionJob } from '../relay';

/**
 * Every job kind this console runs, handed to the job runner by the runtime (./parts.ts): the kinds belong to
 * the features above jobs/, so jobs/ never lists them. A kind not listed here is never claimed by this build.
 * The mirror's passes are started by the runtime on a schedule (./parts.ts), not by a person, and are left out
 * of a process with MIRROR=off.
 */
export const JOB_KINDS: readonly AnyJobKind[] = [
  quotaRefreshJob,
  ...Object.values(IMPORT_JOB_KINDS),
  exportJob,
  auditRetentionJob,
  syncLogRetentionJob,
  mirrorPassJob,
];
