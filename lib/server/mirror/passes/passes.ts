import 'server-only';
import { withSpan } from '../../telemetry';
import { isApiError } from '../../upstream';
import { MAX_WALKS, MIRROR_ENTITIES } from '../copy/entities';
import { freshProgress, walkAndStore, type PassContext } from './pass';
import { readState, writeState, type MirrorState } from '../copy/state';
import { recordVanished } from '../copy/outside';
import { flagVanished } from '../copy/store';
import { quotaPass } from './quota-pass';
import { evaluateEntity } from '../copy/attention';
import type { PassResult } from './pass-result';

/**
 * The first copy: every page, resumable (the progress is kept after each page, and a restart continues at the
 * saved page). Records nothing in History. Its watermark is the service's clock at its first page minus the
 * lookback, so the first incremental pass re-reads everything changed while it ran; if rows moved meanwhile
 * (a record deleted shifts every later one a page back), a sweep is due at once to find what was skipped.
 */
export async function initialPull(ctx: PassContext, state: MirrorState): Promise<PassResult> {
  const progress = state.pass?.mode === 'initial' ? state.pass : freshProgress('initial', ctx.now());
  const walk = await walkAndStore(ctx, { progress, window: null, save: true, findMissing: false });
  const startedAt = new Date(walk.progress.startedAt);
  await writeState(ctx.db, ctx.entity, {
    watermark: new Date(walk.progress.frozen),
    lastPassAt: startedAt,
    lastPassFinishedAt: new Date(ctx.now()),
    // Rows skipped (stored by a console write's read-back after their page was asked for) are left to a sweep, as rows moved are.
    lastSweepAt: walk.progress.moved || walk.skipped > 0 ? null : startedAt,
    pass: null,
    lastError: null,
  });
  await evaluateEntity(ctx.db, ctx.entity);
  return { kind: 'initial', complete: true, walks: 1, changed: walk.changed, recorded: 0, vanished: 0 };
}

/**
 * Everything changed since the watermark, with `updatedSince` frozen for the whole walk. A walk during which
 * rows moved is walked again (same `updatedSince`) before the watermark advances, at most MAX_WALKS times;
 * after that the watermark stays where it was and the next interval tries again. Changes are recorded with
 * the window since the previous complete pass.
 */
export async function incrementalPass(ctx: PassContext, state: MirrorState): Promise<PassResult> {
  const result: PassResult = { kind: 'incremental', complete: false, walks: 0, changed: 0, recorded: 0, vanished: 0 };
  const startedAt = new Date(ctx.now());
  for (let walkNo = 0; walkNo < MAX_WALKS; walkNo++) {
    const walk = await walkAndStore(ctx, {
      progress: freshProgress('incremental', ctx.now()),
      updatedSince: state.watermark ?? undefined,
      window: { from: state.lastPassAt, to: startedAt },
      save: false,
      findMissing: false,
    });
    result.walks++;
    result.changed += walk.changed;
    result.recorded += walk.recorded;
    if (walk.progress.moved) continue;
    // A row skipped because it was stored after its page was asked for holds a later read (a console write's); a
    // change made after that read-back may predate this walk's frozen time, so the watermark stays and the
    // next pass reads the same span again (rare: it takes a write landing while a page is on its way).
    const watermark = walk.skipped > 0 ? state.watermark : new Date(walk.progress.frozen);
    await writeState(ctx.db, ctx.entity, {
      watermark,
      lastPassAt: startedAt,
      lastPassFinishedAt: new Date(ctx.now()),
      lastError: null,
    });
    result.complete = true;
    return result;
  }
  await writeState(ctx.db, ctx.entity, { lastError: `rows moved during ${MAX_WALKS} walks; the watermark stays` });
  return result;
}

/** The ids of `missing` the service really no longer has (a read by id answers 404), or all of them when the walk was clean and there is no such read. */
async function confirmGone(ctx: PassContext, missing: readonly number[], moved: boolean): Promise<number[]> {
  const read = MIRROR_ENTITIES[ctx.entity].read;
  if (!read) return moved ? [] : [...missing];
  const gone: number[] = [];
  for (const id of missing) {
    try {
      await ctx.client.read(read, id, ctx.signal);
    } catch (error) {
      if (isApiError(error) && error.isNotFound) gone.push(id);
      else throw error;
    }
  }
  return gone;
}

/**
 * The full sweep: every page again (resumable), to catch what no modification time covers (a bundle's
 * availableQty, a record skipped by offset drift) and to flag, never drop, the records the service no longer
 * returns. Changes it finds are recorded like an incremental pass's.
 */
export async function sweep(ctx: PassContext, state: MirrorState): Promise<PassResult> {
  const progress = state.pass?.mode === 'sweep' ? state.pass : freshProgress('sweep', ctx.now());
  const walk = await walkAndStore(ctx, {
    progress,
    window: { from: state.lastPassAt, to: new Date(ctx.now()) },
    save: true,
    findMissing: true,
  });
  const gone = await confirmGone(ctx, walk.progress.missing, walk.progress.moved);
  const flagged = await flagVanished(ctx.db, ctx.entity, gone);
  await recordVanished(ctx.db, ctx.entity, flagged, { from: state.lastPassAt, to: new Date(ctx.now()) });
  await evaluateEntity(ctx.db, ctx.entity);
  const startedAt = new Date(walk.progress.startedAt);
  await writeState(ctx.db, ctx.entity, {
    lastSweepAt: startedAt,
    lastPassAt: startedAt,
    lastPassFinishedAt: new Date(ctx.now()),
    pass: null,
    lastError: null,
  });
  return {
    kind: 'sweep',
    complete: true,
    walks: 1,
    changed: walk.changed,
    recorded: walk.recorded,
    vanished: flagged.length,
  };
}

/**
 * Runs whichever pass is due for the entity: the initial pull (or its rest), a sweep in progress or due, else an
 * incremental pass; quotas have their own (quota-pass.ts). One span per pass; its /v1 reads are its children.
 */
export function runDuePass(
  ctx: PassContext,
  options: { sweepEveryMs: number; quotaBudgetMs?: number },
): Promise<PassResult> {
  return withSpan(
    `mirror pass ${ctx.entity}`,
    async (span) => {
      const result = await duePass(ctx, options);
      span.setAttributes({ 'console.mirror.pass': result.kind, 'console.mirror.changed': result.changed });
      return result;
    },
    { attributes: { 'console.mirror.entity': ctx.entity } },
  );
}

async function duePass(
  ctx: PassContext,
  options: { sweepEveryMs: number; quotaBudgetMs?: number },
): Promise<PassResult> {
  const state = await readState(ctx.db, ctx.entity);
  if (ctx.entity === 'quotas') return quotaPass(ctx, state, { budgetMs: options.quotaBudgetMs });
  if (!state.watermark || state.pass?.mode === 'initial') return initialPull(ctx, state);
  const sweepDue = !state.lastSweepAt || ctx.now() - state.lastSweepAt.getTime() >= options.sweepEveryMs;
  if (state.pass?.mode === 'sweep' || sweepDue || !MIRROR_ENTITIES[ctx.entity].incremental) return sweep(ctx, state);
  return incrementalPass(ctx, state);
}
