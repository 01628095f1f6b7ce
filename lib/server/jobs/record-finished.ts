import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import type { AnyJobKind, FinishedUnit, JobContext, ReadBack, UnitResult } from './kind';
import { closeFinishedJobs, completeUnits, type ClaimedUnit, type UnitOutcome } from './store';

/** Stores read-backs in the transaction that records their units (the mirror's write-through, wired by the runtime). */
export type StoreReadBacks = (trx: Kysely<ConsoleDatabase>, readBacks: readonly ReadBack[]) => Promise<void>;

/** A finished unit; `readBack`: the records it wrote as /v1 returned them after (the mirror's write-through). */
export type Finished = { unit: ClaimedUnit; kind: AnyJobKind; outcome: UnitResult; readBack?: ReadBack };

/**
 * Records a runner's finished units in one transaction: their outcomes (only those it still holds), what
 * each kind stores of them (an import's rows), and the jobs that have nothing left. Returns the jobs closed,
 * for the caller to log after the commit.
 */
export async function recordFinished(
  db: Kysely<ConsoleDatabase>,
  owner: string,
  batch: readonly Finished[],
  contextOf: (unit: ClaimedUnit) => JobContext<unknown>,
  storeReadBack?: StoreReadBacks,
): Promise<{ jobId: string; kind: string }[]> {
  const jobIds = [...new Set(batch.map((f) => f.unit.jobId))];
  return db.transaction().execute(async (trx) => {
    const outcomes: UnitOutcome[] = batch.map(({ unit, outcome, kind }) =>
      outcome.ok
        ? { id: unit.id, state: 'done', result: kind.keepResults === false ? null : outcome.result }
        : { id: unit.id, state: 'failed', error: outcome.error },
    );
    const recorded = new Set(await completeUnits(trx, owner, outcomes));
    const byJob = new Map<string, Finished[]>();
    for (const f of batch) {
      if (!recorded.has(f.unit.id) || !f.kind.store) continue;
      byJob.set(f.unit.jobId, [...(byJob.get(f.unit.jobId) ?? []), f]);
    }
    for (const [, finished] of byJob) {
      const first = finished[0]!;
      const units: FinishedUnit<unknown, unknown>[] = finished.map((f) => ({
        key: f.unit.key,
        input: f.unit.input,
        outcome: f.outcome,
      }));
      await first.kind.store!(trx, units, contextOf(first.unit));
    }
    if (storeReadBack)
      await storeReadBacks(
        trx,
        storeReadBack,
        batch.flatMap((f) => (recorded.has(f.unit.id) && f.readBack ? [f.readBack] : [])),
      );
    // In the same transaction: one commit per flush (each commit costs a WAL write on PGlite).
    return closeFinishedJobs(trx, jobIds, false);
  });
}

/**
 * The mirror's copy of what the units wrote, after their change records (the echo rule reads them), under a
 * savepoint: a failure leaves the mirror to its next pass and the units' outcomes are still recorded.
 */
async function storeReadBacks(
  trx: Kysely<ConsoleDatabase>,
  storeReadBack: StoreReadBacks,
  readBacks: readonly ReadBack[],
): Promise<void> {
  if (readBacks.length === 0) return;
  await sql`savepoint mirror_write_through`.execute(trx);
  try {
    await storeReadBack(trx, readBacks);
    await sql`release savepoint mirror_write_through`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint mirror_write_through`.execute(trx);
    logger().warn(
      { source: 'mirror', error: error instanceof Error ? `${error.name}: ${error.message}` : error },
      'mirror write-through failed; the next pass catches up',
    );
  }
}
