import 'server-only';
import { auditRetentionJob } from '../audit';
import { exportJob } from '../exports';
import { importKind, type CopyReader } from '../imports';
import { FAMILY_NAMES } from '@/lib/imports/families';
import type { AnyJobKind } from '../jobs';
import { mirrorPassJob } from '../mirror';
import { quotaRefreshJob } from '../quotas';
import { syncLogRetentionJob } from '../sync';

/**
 * Every job kind this console runs, handed to the job runner by the runtime (./parts.ts): the kinds belong to
 * the features above jobs/, so jobs/ never lists them. A kind not listed here is never claimed by this build.
 * The mirror's passes are started by the runtime on a schedule (./parts.ts), not by a person, and are left out
 * of a process with MIRROR=off.
 */
export function jobKinds(options: { copy?: CopyReader } = {}): readonly AnyJobKind[] {
  return [
    quotaRefreshJob,
    // An import's rows take History's old values from the mirror's copy when it runs (./parts.ts).
    ...FAMILY_NAMES.map((family) => importKind(family, { copy: options.copy })),
    exportJob,
    auditRetentionJob,
    syncLogRetentionJob,
    mirrorPassJob,
  ];
}

/** The kinds without the mirror's copy (a process with MIRROR=off, tests). */
export const JOB_KINDS: readonly AnyJobKind[] = jobKinds();
