import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { closeFinishedJobs } from './store';
import { notifyReleased, releaseUnits } from './units';

type Db = Kysely<ConsoleDatabase>;
type Log = (message: string, error?: unknown) => void;

/** Claimed but not started when the runner stops: back to pending at once rather than after the lease. */
export async function handBackUnstarted(db: Db, owner: string, ids: readonly string[], log: Log): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('job_unit')
    .set({ state: 'pending', lease_owner: null, lease_until: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute()
    .then(() => notifyReleased(db))
    .catch((error) => log('could not hand back claimed units', error));
}

/**
 * Still running when the grace time ended: handed back at once (units.releaseUnits), and the jobs left with
 * nothing open closed. Their outcomes, should they yet come, are not recorded: this owner no longer holds them.
 */
export async function handBackRunning(db: Db, owner: string, ids: readonly string[], log: Log): Promise<void> {
  const jobIds = await releaseUnits(db, owner, ids).catch((error) => {
    log('could not hand back running units', error);
    return [];
  });
  await closeFinishedJobs(db, jobIds).catch((error) => log('could not close jobs', error));
}
