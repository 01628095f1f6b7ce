import { MIRROR_ENTITY_NAMES, type MirrorEntityName } from '../mirror/copy/entities';
import { passOf, type PassOptions, type PassOutcome } from '../mirror/passes/pass-job';

export type RoundResult = Partial<Record<MirrorEntityName, PassOutcome>>;

/**
 * Every resource's due pass, one after another in this process, outside the job runtime: for tests that need
 * the copy filled or brought up to date with a client of their own, not the schedule.
 */
export async function runMirrorRound(options: PassOptions): Promise<RoundResult> {
  const results: RoundResult = {};
  for (const entity of MIRROR_ENTITY_NAMES) results[entity] = await passOf(entity, options);
  return results;
}
