import 'server-only';
import { auditRetentionJob } from '../audit/retention';
import { exportJob } from '../exports/export-job';
import { IMPORT_JOB_KINDS } from '../imports/import-job';
import { quotaRefreshJob } from '../quotas/refresh-job';
import type { AnyJobKind } from './kind';

/** Every job kind this console runs. A kind not listed here is never claimed by this build. */
export const JOB_KINDS: readonly AnyJobKind[] = [quotaRefreshJob, ...Object.values(IMPORT_JOB_KINDS), exportJob, auditRetentionJob];
