import 'server-only';
import { auditRetentionJob } from '../audit';
import { exportJob } from '../exports';
import { importKind, type CopyReader } from '../imports';
import { FAMILY_NAMES, type FamilyName } from '@/lib/imports/families';
import type { AnyJobKind } from '../jobs';
import { mirrorPassJob } from '../mirror';
import { quotaRefreshJob } from '../quotas';
import { syncLogRetentionJob } from '../sync';
import { UNDO_STEPS } from '../undo';

/**
 * An import kind per family as this console runs them: with the undo feature's steps (the values a revert goes
 * back to kept as each chunk is written, a revert's summary, a revert's quota amounts read live), so imports
 * know nothing of reverts. An import's rows take History's old values from the mirror's copy when it runs.
 */
function importKinds(copy?: CopyReader) {
  return Object.fromEntries(
    FAMILY_NAMES.map((family) => [family, importKind(family, { copy, undo: UNDO_STEPS })]),
  ) as Record<FamilyName, ReturnType<typeof importKind>>;
}

/** The import kinds without the mirror's copy (a process with MIRROR=off, tests and benches). */
export const IMPORT_KINDS = importKinds();

/**
 * Every job kind this console runs, handed to the job runner by the runtime (./parts.ts): the kinds belong to
 * the features above jobs/, so jobs/ never lists them. A kind not listed here is never claimed by this build.
 * The mirror's passes are started by the runtime on a schedule (./parts.ts), not by a person, and are left out
 * of a process with MIRROR=off.
 */
export function jobKinds(options: { copy?: CopyReader } = {}): readonly AnyJobKind[] {
  return [
    quotaRefreshJob,
    // The mirror's copy, when this process keeps one (./parts.ts).
    ...Object.values(importKinds(options.copy)),
    exportJob,
    auditRetentionJob,
    syncLogRetentionJob,
    mirrorPassJob,
  ];
}

/** The kinds without the mirror's copy (a process with MIRROR=off, tests). */
export const JOB_KINDS: readonly AnyJobKind[] = jobKinds();
