import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import type { MirrorEntityName } from '../copy/entities';
import { MIRROR_REFRESH_CHANNEL } from './pass-job';
import { readState } from '../copy/state';

/** How often a web instance looks whether the round it asked for has brought the copy up to date. */
const LOOK_EVERY_MS = 250;

/** What starts the passes' runs in a process that runs jobs (the runtime's RecurringJob of mirrorPassJob). */
export interface PassSchedule {
  wake(): void;
}

/**
 * A run of the passes now, by whichever instance looks first: this process's schedule is woken directly (PGlite
 * has no other listener), every instance's through a NOTIFY (on Postgres the workers run them).
 */
export async function askForRound(db: Kysely<ConsoleDatabase>, schedule: PassSchedule | null): Promise<void> {
  schedule?.wake();
  await sql`select pg_notify(${MIRROR_REFRESH_CHANNEL}, '')`.execute(db);
}

/**
 * A Refresh: the copy of `entity` brought up to date now, waited for up to `timeoutMs`. A round is asked for
 * (askForRound), and the copy counts as refreshed once a complete pass of `entity` began after the asking,
 * whichever instance ran it. True when that happened in time. The pass's start is the clock of the instance that
 * ran it: instances are expected to keep time alike.
 */
export async function refreshCopy(
  db: Kysely<ConsoleDatabase>,
  schedule: PassSchedule | null,
  entity: MirrorEntityName,
  timeoutMs: number,
): Promise<boolean> {
  const asked = Date.now();
  await askForRound(db, schedule);
  for (const until = asked + timeoutMs; Date.now() < until;) {
    const state = await readState(db, entity);
    if (state.lastPassAt && state.lastPassAt.getTime() >= asked && state.pass === null) return true;
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
  return false;
}
