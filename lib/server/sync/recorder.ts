import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import { countRelayCallsCounted, countRelayRecordMissed } from '../metrics';
import { CALL_LEVEL_STATUS } from './parse';
import { recordRelayTraffic, type RelayedCall } from './store';
import { createTally, type CallCount } from './triage';

/**
 * The relay's recordings, off the answer's path: a call is queued as its answer is written and stored with the
 * others queued meanwhile, one transaction per flush and one flush at a time. A call refused as a whole is not
 * queued at all: it adds one to an in-memory count, added to the database's at the same flush (./triage.ts). A
 * database that is down or slow never holds an answer back: the queue waits (bounded), and what cannot be stored
 * (the database refused, or the queue was full) is counted in console_relay_records_missed_total and logged, never
 * retried into a second row.
 */
export interface RelayRecorder {
  record(call: RelayedCall): void;
  /** Resolves once everything queued so far was stored or counted as missed (tests, shutdown). */
  flush(): Promise<void>;
}

export interface RecorderOptions {
  db: () => Promise<Kysely<ConsoleDatabase>>;
  /** Calls of one client a minute stored besides those carrying items that did not apply (SYNC_LOG_CALLS_PER_MINUTE). */
  storedCallsPerMinute: number;
  /** Calls held while the database is slow; past it a call is missed. */
  maxQueued?: number;
  /** Calls per transaction. */
  batchSize?: number;
  /** How long a first queued call waits for others before they are stored. */
  flushDelayMs?: number;
}

const total = (counts: readonly CallCount[]) => counts.reduce((sum, c) => sum + c.calls, 0);
/** The largest counts of a flush, for its log line. */
const largest = (counts: readonly CallCount[]) =>
  [...counts]
    .sort((a, b) => b.calls - a.calls)
    .slice(0, 5)
    .map((c) => ({ clientId: c.clientId, minute: c.minute.toISOString(), status: c.status, calls: c.calls }));

export function createRecorder(options: RecorderOptions): RelayRecorder {
  const maxQueued = options.maxQueued ?? 10_000;
  const batchSize = options.batchSize ?? 200;
  const flushDelayMs = options.flushDelayMs ?? 250;
  let queue: RelayedCall[] = [];
  const refused = createTally();
  let flushing: Promise<void> | null = null;

  const missed = (calls: number, operations: string[], reason: 'queue_full' | 'database', error?: unknown) => {
    countRelayRecordMissed(reason, calls);
    logger().warn(
      {
        source: 'relay',
        reason,
        calls,
        operations: [...new Set(operations)].slice(0, 5),
        error: error instanceof Error ? error.message : error === undefined ? undefined : String(error),
      },
      'relayed calls not recorded',
    );
  };
  const operations = (calls: readonly RelayedCall[]) => calls.map((c) => `${c.method} ${c.pathAndQuery.split('?')[0]}`);

  const counted = (counts: readonly CallCount[], reason: 'refused' | 'over_cap') => {
    if (counts.length === 0) return;
    countRelayCallsCounted(reason, total(counts));
    const message =
      reason === 'refused'
        ? 'relayed calls refused as a whole counted, not stored'
        : 'relayed calls over the per-minute cap counted, not stored';
    const line = { source: 'relay', reason, calls: total(counts), largest: largest(counts) };
    if (reason === 'refused') logger().info(line, message);
    else logger().warn({ ...line, cap: options.storedCallsPerMinute }, message);
  };

  async function drain(): Promise<void> {
    while (queue.length > 0 || refused.size > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      const counts = refused.take();
      try {
        const overCap = await recordRelayTraffic(await options.db(), batch, counts, options.storedCallsPerMinute);
        counted(counts, 'refused');
        counted(overCap, 'over_cap');
      } catch (error) {
        missed(batch.length + total(counts), operations(batch), 'database', error);
      }
    }
  }

  const start = () => {
    // A short wait gathers the calls of the next moments into the same transaction, and keeps the storing (PGlite
    // runs on this thread) off the instant the ERP's next request arrives after an answer.
    flushing ??= new Promise<void>((resolve) => setTimeout(resolve, flushDelayMs)).then(drain).finally(() => {
      flushing = null;
      if (queue.length > 0 || refused.size > 0) start();
    });
    return flushing;
  };

  return {
    record(call) {
      if (call.status !== null && CALL_LEVEL_STATUS.has(call.status)) {
        refused.add(call.clientId, call.receivedAt, call.status, 'refused');
        void start();
        return;
      }
      if (queue.length >= maxQueued) return missed(1, operations([call]), 'queue_full');
      queue.push(call);
      void start();
    },
    async flush() {
      while (flushing || queue.length > 0 || refused.size > 0) await (flushing ?? start());
    },
  };
}
