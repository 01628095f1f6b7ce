import 'server-only';
import { errorField, RATE_LIMIT_STOPPED } from '@/lib/contract';
import { APPLIED_ITEM_STATUSES } from '@/lib/contract/batch-statuses';
import type { RowIssue } from '@/lib/imports/check';
import { FAMILY_NAMES, type FamilyName } from '@/lib/imports/families';
import { defineJobKind, watchJobStop, type JobKind } from '../jobs';
import { writtenByFamily } from '../mirror';
import type { BatchInput } from '../upstream';
import { CHUNK_SIZE, loadChunk, recordChunkOutcomes, recordOutcomes, takeChunk, type RowOutcome } from './store';
import { closeRejectionsOfAppliedRows } from './close-rejections';
import { holdQuotaChunk } from './hold';
import { readChunkOldValues, type CopyReader } from './old-values';
import { recordChunkHistory, type SentOutcome } from './history';
import type { UndoSteps } from './undo-steps';
import { arrived, chunksWithRows, closeUpload, completeChunks, nextPart } from './upload';

/**
 * Sending an import: one job per import, one unit per chunk of CHUNK_SIZE rows, run by the console's job
 * runtime (bounded concurrency, leases, resume after a restart, cancel).
 *
 * The unknown-outcome rule. Before a chunk's request leaves, the chunk is marked sent (import_chunk) and that
 * is committed. A unit found with rows still pending in a sent chunk was interrupted after (or while) sending: it is sent again
 * only when every row in it is an idempotent keyed upsert (an id or ERP code, or an absolute set keyed by
 * its target); otherwise its rows end as `unknown` and wait for the user. Within one run, the signing
 * client re-sends a request after a 5xx or no answer under the same rule, and reports `unknown` rows when
 * it gives up.
 *
 * Started before every row is in (the browser starts after its first part), the job plans: its planner lists
 * each chunk as a unit once all of the chunk's rows have arrived, so sending overlaps the upload. When no
 * part came for `uploadIdleMs` (a tab closed mid-upload), it closes the upload and lists what is there: the
 * rows that never came are not part of the import.
 */

/** `demoPolicy`: the console ran in demo mode when the import started, so the demo's approval policy is the default. */
export type ImportParams = { importId: string; family: FamilyName; demoPolicy?: boolean };
export type ChunkInput = { importId: string; chunk: number };

const encoder = new TextEncoder();

type AnyResult = { index: number; status: string; id?: number | null; errors?: string[]; error?: string | null };

const issue = (code: string): RowIssue => {
  const field = errorField(code);
  return field ? { code, field } : { code };
};

/**
 * A chunk the service never processed: refused for the rate limit (the job stopped waiting: cancelled, or a
 * Retry-After over UPSTREAM_RETRY_AFTER_MAX_S) or held back before sending. Its rows were not sent.
 */
const NOT_PROCESSED = new Set(['rate_limited', 'aborted', 'service_busy']);

function outcomeOf(rowNo: number, result: AnyResult | undefined): RowOutcome {
  if (!result) return { rowNo, status: 'unknown', recordId: null, errors: [issue('outcome_unknown')] };
  const codes = result.errors ?? (result.error ? [result.error] : []);
  if (result.status === 'failed' && codes.length === 1 && NOT_PROCESSED.has(codes[0]!)) {
    return { rowNo, status: 'not_sent', recordId: null, errors: [issue(RATE_LIMIT_STOPPED)] };
  }
  const status =
    (['created', 'updated', 'ok', 'failed', 'unknown'] as const).find((s) => s === result.status) ?? 'unknown';
  return { rowNo, status, recordId: typeof result.id === 'number' ? result.id : null, errors: codes.map(issue) };
}

/** No part for this long while the import waits for rows: the upload was abandoned. */
export const UPLOAD_IDLE_MS = 120_000;
/** How often the planner looks for new rows when no part stored in this process woke it... */
const PLAN_LOOK_MS = 250;
/** ...and how long it lets rows gather after a look: a part is stored a chunk at a time, and each look and
 * each batch of units it lists is a turn on the console database that the sending waits behind. */
const PLAN_GATHER_MS = 100;

const units = (importId: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ key: String(from + i), input: { importId, chunk: from + i } }));

export function importKind(
  family: FamilyName,
  options: { uploadIdleMs?: number; copy?: CopyReader; undo?: UndoSteps } = {},
): JobKind<ImportParams, ChunkInput, RowOutcome[]> {
  const idleMs = options.uploadIdleMs ?? UPLOAD_IDLE_MS;
  return defineJobKind<ImportParams, ChunkInput, RowOutcome[]>({
    name: importKindName(family),
    // A planner taking over after a restart starts from chunk 0 again; keys already listed are kept once.
    async *plan({ params, db, jobId }) {
      const { importId } = params;
      let next = 0;
      let seen = -1;
      let lastArrival = Date.now();
      for (;;) {
        const now = await arrived(db, importId, jobId);
        if (!now || now.jobState !== 'planning') return;
        const all = now.uploadedRows >= now.totalRows;
        const upTo = all
          ? Math.ceil(now.totalRows / CHUNK_SIZE)
          : now.closed
            ? await chunksWithRows(db, importId)
            : await completeChunks(db, importId, next, now.totalRows);
        if (upTo > next) {
          yield units(importId, next, upTo);
          next = upTo;
        }
        if (all || now.closed) return;
        if (now.uploadedRows !== seen) {
          seen = now.uploadedRows;
          lastArrival = Date.now();
        } else if (Date.now() - lastArrival >= idleMs) {
          // Closed under the import row's lock (upload.ts): the look after this one is the last.
          await closeUpload(db, importId);
          continue;
        }
        const lookedAt = Date.now();
        await nextPart(importId, Math.min(PLAN_LOOK_MS, idleMs));
        const gather = PLAN_GATHER_MS - (Date.now() - lookedAt);
        if (gather > 0) await new Promise((r) => setTimeout(r, gather));
      }
    },
    // Interrupted units come back to `run`, which applies the unknown-outcome rule per chunk above.
    rerunExpired: true,
    // The outcomes are kept per row in import_row (store below); a second copy per unit is only writes.
    keepResults: false,
    async run({ importId, chunk }, ctx) {
      // Credit and point rows the approval policy catches become proposals first, before the chunk is marked
      // sent, so a held row is never in a request (./hold.ts).
      await holdQuotaChunk(family, importId, chunk, ctx, options.undo);
      // History's old values, read by the server before anything of this chunk is sent (./old-values.ts).
      await readChunkOldValues(family, importId, chunk, ctx, options.copy);
      // Decided and marked in one statement (takeChunk in ./store/chunks.ts): the mark is committed before anything
      // leaves.
      const taken = await takeChunk(ctx.db, importId, chunk);
      switch (taken.action) {
        case 'done':
          return { ok: true, result: [] };
        case 'unknown': {
          // Put in a request before, and no outcome recorded: the answer was lost (a kill, a failed record).
          // History keeps the values that were sent (rare: read from the rows).
          const items = new Map(
            (await loadChunk(ctx.db, importId, chunk, { items: true })).rows.map((r) => [r.rowNo, r.item]),
          );
          return {
            ok: true,
            result: taken.rowNos.map((rowNo): SentOutcome => ({
              ...outcomeOf(rowNo, undefined),
              sent: items.get(rowNo) ?? null,
            })),
          };
        }
        case 'broken':
          // Nothing sent now: the runtime fails the unit and store() below gives its rows their outcome.
          throw new Error(`import ${importId} chunk ${chunk}: rows without an item to send`);
      }
      let results: AnyResult[];
      // A 429 is waited out and the chunk sent again for as long as the job runs (the jobs' client): a cancel
      // ends that wait, and the chunk's rows then end as not sent.
      const running = watchJobStop(ctx.db, ctx.jobId);
      try {
        if (taken.body !== null) {
          results = (await ctx.upstream.batchBytes(family, encoder.encode(taken.body), taken.rowNos.length, {
            idempotent: taken.keyed,
            stopWaiting: running.signal,
          })) as AnyResult[];
        } else {
          const items = taken.items as BatchInput<typeof family>[];
          results = (await ctx.upstream.batch(family, items, {
            chunkSize: CHUNK_SIZE,
            concurrency: 1,
            stopWaiting: running.signal,
          })) as AnyResult[];
        }
      } finally {
        running.stop();
      }
      // What each row sent, for History (a stored body is parsed once per chunk, after the answer came).
      const sent = taken.body !== null ? (JSON.parse(taken.body) as Record<string, unknown>[]) : taken.items;
      return {
        ok: true,
        result: taken.rowNos.map((rowNo, i): SentOutcome => ({
          ...outcomeOf(rowNo, results[i]),
          sent: sent?.[i] ?? null,
        })),
      };
    },
    // The records a chunk created or updated, for the mirror's write-through (lib/server/jobs/run-unit.ts).
    written: (_input, result) =>
      writtenByFamily(
        family,
        (result ?? []).filter((r) => APPLIED_ITEM_STATUSES.has(r.status)).map((r) => r.recordId),
      ),
    async store(trx, finished, ctx) {
      const db = trx;
      // The chunks sent: their outcomes in one statement.
      const sent = finished.flatMap((unit) =>
        unit.outcome.ok ? [{ chunk: unit.input.chunk, outcomes: (unit.outcome.result ?? []) as SentOutcome[] }] : [],
      );
      await recordChunkOutcomes(db, ctx.params.importId, sent);
      for (const unit of finished) {
        if (unit.outcome.ok) continue;
        // The unit failed as a whole (an interrupted write the runtime would not re-run, or a crash in
        // run): rows put in a request are unknown, the others were never sent.
        const { sends, rows } = await loadChunk(db, unit.input.importId, unit.input.chunk, { items: true });
        const outcomes = rows
          .filter((r) => r.status === 'pending')
          .map((r): SentOutcome =>
            sends > 0
              ? { ...outcomeOf(r.rowNo, undefined), sent: r.item }
              : { rowNo: r.rowNo, status: 'not_sent', recordId: null, errors: [issue('import_chunk_failed')] },
          );
        await recordOutcomes(db, unit.input.importId, unit.input.chunk, outcomes);
        sent.push({ chunk: unit.input.chunk, outcomes });
      }
      // Every write on the record: one audit entry per chunk sent, one change record per row (imports/history).
      await recordChunkHistory(db, ctx.params.importId, ctx.jobId, sent);
      // The rows an ERP sync could not apply that this chunk applied are fixed in the console (lib/server/sync).
      await closeRejectionsOfAppliedRows(db, ctx.params.importId, ctx.jobId, family, sent);
      // What a revert goes back to (the mirror's copy of the fields sent), and a revert's own entry with its counts.
      await options.undo?.stored(db, { importId: ctx.params.importId, jobId: ctx.jobId, family, sent });
    },
  });
}

export const importKindName = (family: FamilyName) => `import:${family}`;

/**
 * One kind per family: two imports of one family never run at once (the runtime allows one per kind). Without the
 * undo steps: what starting a job reads of its kind (name, rerun rule), and what the tests of imports alone run. A
 * console's runners take lib/server/runtime/job-kinds.ts's, which carry them.
 */
export const IMPORT_JOB_KINDS = Object.fromEntries(FAMILY_NAMES.map((f) => [f, importKind(f)])) as Record<
  FamilyName,
  JobKind<ImportParams, ChunkInput, RowOutcome[]>
>;
