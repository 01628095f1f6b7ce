import 'server-only';
import type { RestoreType } from '@/lib/contract/console/restores';
import { policyFor } from '../approvals';
import { getEnv } from '../env';
import { ImportStateError, startStoredImport, type UndoSteps } from '../imports';
import { currentTenant, getConsoleDb, getUpstream } from '../process';
import { prepareRevert, RevertError, reviewRevert } from './revert';
import { carryLiveAmounts } from './revert-quota';
import { storePriors } from './revert-prior';
import { recordRevertSummary } from './revert-summary';
import { reviewRestore } from './restore-review';

// The public face of lib/server/undo: putting earlier values back (issue 56). A revert undoes an import or a bulk
// edit as an import of its own; a restore puts back the values of one History entry through the record's form.
// Both read History's old values, compare them with what /v1 holds now, and leave alone what changed since.
export { RevertError } from './revert';
export { RestoreError } from './restore-review';

/**
 * What a revert adds to the import job (wired by the runtime's job kinds): the mirror's values before each chunk
 * is written, kept for a later revert; a revert's own summary once its rows all have an outcome; a revert's quota
 * amount read live just before it is sent.
 */
export const UNDO_STEPS: UndoSteps = {
  carryLiveAmounts,
  async stored(db, { importId, jobId, family, sent }) {
    await storePriors(db, importId, family, sent);
    await recordRevertSummary(db, importId, jobId);
  },
};

/** What reverting the import would do: read live from /v1 with the person's client; nothing is written. */
export async function revertReview(id: string) {
  const db = await getConsoleDb();
  // The policy the job will hold a quota revert's rows to, so the review says which will wait for approval.
  const { policy } = await policyFor(db, currentTenant(), getEnv().demoMode);
  return reviewRevert(db, getUpstream(), id, policy, currentTenant());
}

/**
 * "Revert this import": classifies again with live values and stores the revert as an import of its own, its
 * job started as soon as it exists so the first chunks are sent while the rest is still compared (an upload's
 * start). `include`: records changed since to restore all the same; `exclude`: records to leave. Throws
 * RevertError (nothing was sent).
 */
export async function startRevert(
  id: string,
  user: { id: string; email: string },
  picks: { include: readonly string[]; exclude: readonly string[] },
): Promise<{ id: string }> {
  const start = async (revertId: string) => {
    try {
      await startStoredImport(revertId, user);
    } catch (error) {
      if (error instanceof ImportStateError && error.code === 'import_already_running')
        throw new RevertError('import_already_running');
      throw error;
    }
  };
  const { revertId } = await prepareRevert(await getConsoleDb(), getUpstream(), id, user, picks, { start });
  return { id: revertId };
}

/** The restore review of one History entry, read live from /v1 with the person's client; nothing is written. */
export async function restoreReview(type: RestoreType, id: string, changeId: string) {
  return reviewRestore(await getConsoleDb(), getUpstream(), type, id, changeId);
}
