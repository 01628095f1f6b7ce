import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import { defineJobKind, type UnitSpec } from '../../jobs';
import { logger } from '../../log';
import type { UpstreamClient } from '../../upstream';
import { MIRROR_ENTITY_NAMES, type MirrorEntityName } from '../copy/entities';
import { evaluateNewRulesOnce } from '../copy/attention';
import { passErrorMessage } from '../copy/freshness';
import type { PassResult } from './pass-result';
import { runDuePass } from './passes';
import { readState, resetState, writeState } from '../copy/state';
import { clearMirror } from '../copy/store';

/** Where a web instance that does not run the passes asks the instances that do for a run now (refresh.ts). */
export const MIRROR_REFRESH_CHANNEL = 'console_mirror_refresh';

export type PassOutcome = PassResult | { error: string };

export interface PassOptions {
  db: Kysely<ConsoleDatabase>;
  client: UpstreamClient;
  /** Which upstream the copy belongs to (the job's tenant): another one empties it first. */
  tenant: string;
  sweepMs: number;
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * The pass of `entity` that is due (runDuePass): the initial pull or its rest, a sweep, or an incremental pass.
 * A copy of another upstream is emptied first. A failed pass is noted on the entity's state (the lists' banner
 * reads it) and answered as `{ error }`: the next run tries again. The first pass of a process is followed by the
 * full evaluation a new rules version owes, on its own rather than inside the pass.
 */
export async function passOf(entity: MirrorEntityName, options: PassOptions): Promise<PassOutcome> {
  const { db, client, tenant, signal } = options;
  const state = await readState(db, entity);
  if (state.tenant === null) await writeState(db, entity, { tenant });
  else if (state.tenant !== tenant) {
    await clearMirror(db, entity);
    await resetState(db, entity, tenant);
  }
  try {
    const result = await runDuePass(
      { db, client, entity, now: options.now ?? Date.now, signal },
      { sweepEveryMs: options.sweepMs },
    );
    await evaluateNewRulesOnce(db);
    return result;
  } catch (error) {
    const message = passErrorMessage(error);
    if (!signal?.aborted)
      logger().warn(
        { source: 'mirror', error: error instanceof Error ? `${error.name}: ${error.message}` : error },
        `mirror pass of ${entity} failed`,
      );
    await writeState(db, entity, { lastError: message }).catch(() => {});
    return { error: message };
  }
}

export type MirrorPassParams = { sweepMs: number };
export type MirrorPassInput = { entity: MirrorEntityName };

/**
 * The mirror's passes as a job kind: one run every MIRROR_INTERVAL_S (the runtime's RecurringJob), one unit per
 * resource. The job store's one active run and its unit leases keep a resource's pass to one instance at a
 * time; a pass is a read that resumes from its saved page, so a unit whose instance died is run again by
 * another (rerunExpired), and one stopped by a shutdown ends at its page in flight. One pass at a time per
 * runner (perRunner), as the copy always walked: the runner's other slots stay for imports and exports. Quiet:
 * a run every few seconds writes its job lines at debug level, and no job reaches a person's list.
 */
export const mirrorPassJob = defineJobKind<MirrorPassParams, MirrorPassInput, PassOutcome>({
  name: 'mirror-pass',
  rerunExpired: true,
  keepResults: false,
  perRunner: 1,
  quiet: true,
  async run({ entity }, ctx) {
    const outcome = await passOf(entity, {
      db: ctx.db,
      client: ctx.upstream,
      tenant: ctx.tenant,
      sweepMs: ctx.params.sweepMs,
      signal: ctx.signal,
    });
    return 'error' in outcome ? { ok: false, error: outcome } : { ok: true, result: outcome };
  },
});

/** A run's units: every resource's pass, in the order the copy walks them. */
export function mirrorPassUnits(): UnitSpec<MirrorPassInput>[] {
  return MIRROR_ENTITY_NAMES.map((entity) => ({ key: entity, input: { entity } }));
}
