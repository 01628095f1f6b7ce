import 'server-only';
import { quotaRefreshJob } from '../quotas/refresh-job';
import type { AnyJobKind } from './kind';

/** Every job kind this console runs. A kind not listed here is never claimed by this build. */
export const JOB_KINDS: readonly AnyJobKind[] = [quotaRefreshJob];
