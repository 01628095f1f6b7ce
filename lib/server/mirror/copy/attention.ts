import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import { evaluateAfterSweep, evaluateChanged, evaluateNewRules } from '../../attention';
import { logger } from '../../log';
import type { MirrorEntityName } from './entities';
import { analyzeCopy, type StoredChange } from './store';

/**
 * Where the mirror hands what it stored to "Needs attention" (lib/server/attention): the records a page or a
 * read-back changed are evaluated at once (a fix made in the console resolves its finding before the write's
 * answer goes back), and a sweep, a first copy or a new rules version is followed by a full evaluation.
 *
 * Outside a transaction a failed evaluation is logged and the mirror goes on (the next sweep evaluates in
 * full); inside one (the job runner's savepoint) it fails the statement it is part of, as the store would.
 */

let rulesChecked = false;

async function guarded(db: Kysely<ConsoleDatabase>, what: string, run: () => Promise<unknown>): Promise<void> {
  if (db.isTransaction) {
    await run();
    return;
  }
  try {
    await run();
  } catch (error) {
    logger().error(
      { source: 'attention', error: error instanceof Error ? error.message : String(error) },
      `${what} failed; the next sweep evaluates again`,
    );
  }
}

/** Evaluates the rules over the records whose copy changed. */
export async function evaluateStored(
  db: Kysely<ConsoleDatabase>,
  entity: MirrorEntityName,
  stored: readonly StoredChange[],
): Promise<void> {
  if (stored.length === 0) return;
  await guarded(db, `the evaluation of changed ${entity}`, () => evaluateChanged(db, entity, stored));
}

/**
 * Once per process, after a pass (never inside one, nor inside a write's read-back: a full evaluation of every
 * rule takes seconds over a large copy), evaluates every rule in full if the rules version is new.
 */
export async function evaluateNewRulesOnce(db: Kysely<ConsoleDatabase>): Promise<void> {
  if (rulesChecked) return;
  rulesChecked = true;
  await guarded(db, 'the full evaluation of a new rules version', () => evaluateNewRules(db));
}

/** Evaluates the rules reading an entity over all its records (after a sweep or a first copy). */
export async function evaluateEntity(db: Kysely<ConsoleDatabase>, entity: MirrorEntityName): Promise<void> {
  await guarded(db, `the full evaluation of ${entity}`, async () => {
    await analyzeCopy(db, entity);
    await evaluateAfterSweep(db, entity);
  });
}
