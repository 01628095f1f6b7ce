import 'server-only';
import type { RestoreType } from '@/lib/contract/console/restores';
import { getConsoleDb, getUpstream } from '../process';
import { reviewRestore } from './review';

// The public face of lib/server/restores: "Restore earlier values" from a record's History (issue 56 point 2).
export { RestoreError, reviewRestore, stillHolds } from './review';

/** The restore review of one History entry, read live from /v1 with the person's client; nothing is written. */
export async function restoreReview(type: RestoreType, id: string, changeId: string) {
  return reviewRestore(await getConsoleDb(), getUpstream(), type, id, changeId);
}
