import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import { countRelayRecordMissed } from '../metrics';
import { recordRelayedCalls, type RelayedCall } from './store';

/**
 * The relay's recordings, off the answer's path: a call is queued as its answer is written and stored with the
 * others queued meanwhile, one transaction per flush and one flush at a time. A database that is down or slow
 * never holds an answer back: the queue waits (bounded), and what cannot be stored (the database refused, or the
 * queue was full) is counted in console_relay_records_missed_total and logged, never retried into a second row.
 */
export interface RelayRecorder {
  record(call: RelayedCall): void;
  /** Resolves once everything queued so far was stored or counted as missed (tests, shutdown). */
  flush(): Promise<void>;
}

export interface RecorderOptions {
  db: () => Promise<Kysely<ConsoleDatabase>>;
  /** Calls held while the database is slow; past it a call is missed. */
  maxQueued?: number;
  /** Calls per transaction. */
  batchSize?: number;
  /** How long a first queued call waits for others before they are stored. */
  flushDelayMs?: number;
}

export function createRecorder(options: RecorderOptions): RelayRecorder {
  const maxQueued = options.maxQueued ?? 10_000;
  const batchSize = options.batchSize ?? 200;
  const flushDelayMs = options.flushDelayMs ?? 250;
  let queue: RelayedCall[] = [];
  let flushing: Promise<void> | null = null;

  const missed = (calls: readonly RelayedCall[], reason: 'queue_full' | 'database', error?: unknown) => {
    countRelayRecordMissed(reason, calls.length);
    logger().warn(
      {
        source: 'relay',
        reason,
        calls: calls.length,
        operations: [...new Set(calls.map((c) => `${c.method} ${c.pathAndQuery.split('?')[0]}`))].slice(0, 5),
        error: error instanceof Error ? error.message : error === undefined ? undefined : String(error),
      },
      'relayed calls not recorded',
    );
  };

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      try {
        await recordRelayedCalls(await options.db(), batch);
      } catch (error) {
        missed(batch, 'database', error);
      }
    }
  }

  const start = () => {
    // A short wait gathers the calls of the next moments into the same transaction, and keeps the storing (PGlite
    // runs on this thread) off the instant the ERP's next request arrives after an answer.
    flushing ??= new Promise<void>((resolve) => setTimeout(resolve, flushDelayMs)).then(drain).finally(() => {
      flushing = null;
      if (queue.length > 0) start();
    });
    return flushing;
  };

  return {
    record(call) {
      if (queue.length >= maxQueued) return missed([call], 'queue_full');
      queue.push(call);
      void start();
    },
    async flush() {
      while (flushing || queue.length > 0) await (flushing ?? start());
    },
  };
}
