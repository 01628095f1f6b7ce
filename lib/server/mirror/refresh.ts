import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import type { MirrorEntityName } from './entities';
import { MIRROR_REFRESH_CHANNEL, type MirrorRunner } from './runner';
import { readState } from './state';

/** How often a web instance looks whether the round it asked for has brought the copy up to date. */
const LOOK_EVERY_MS = 250;

/** A round now: by this process's runner, or asked of the instance holding the mirror's lease (a NOTIFY). */
export async function askForRound(db: Kysely<ConsoleDatabase>, runner: MirrorRunner | null): Promise<void> {
  if (runner) runner.wake();
  else await sql`select pg_notify(${MIRROR_REFRESH_CHANNEL}, '')`.execute(db);
}

/**
 * A Refresh: the copy of `entity` brought up to date now, waited for up to `timeoutMs`. Where this process runs
 * the passes, its runner does a round; elsewhere (a web instance with JOBS_RUNNER=off) the instance holding the
 * mirror's lease is asked through a NOTIFY, and the copy counts as refreshed once a complete pass of `entity`
 * began after the asking. True when that happened in time.
 */
export async function refreshCopy(
  db: Kysely<ConsoleDatabase>,
  runner: MirrorRunner | null,
  entity: MirrorEntityName,
  timeoutMs: number,
): Promise<boolean> {
  if (runner) return runner.refresh(timeoutMs);
  const asked = Date.now();
  await askForRound(db, null);
  for (const until = asked + timeoutMs; Date.now() < until; ) {
    const state = await readState(db, entity);
    if (state.lastPassAt && state.lastPassAt.getTime() >= asked && state.pass === null) return true;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
  return false;
}
