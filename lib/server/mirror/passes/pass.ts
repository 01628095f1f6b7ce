import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';
import { evaluateStored } from '../copy/attention';
import type { UpstreamClient } from '../../upstream';
import { LOOKBACK_MS, MIRROR_ENTITIES, type MirrorEntityName } from '../copy/entities';
import { recordOutsideChanges, type DetectionWindow } from '../copy/outside';
import { writeState, type PassProgress } from '../copy/state';
import { mirroredIdsBetween, readTicket, upsertMirror } from '../copy/store';
import { walkPages } from '../copy/walk';

const SAVE_EVERY_MS = 1_000;

export interface PassContext {
  db: Kysely<ConsoleDatabase>;
  client: UpstreamClient;
  entity: MirrorEntityName;
  /** This server's clock (tests move it). */
  now: () => number;
  signal?: AbortSignal;
  /**
   * Test seam: runs after a page was read and before it is stored (a console write landing in between is the
   * race ../copy/store.ts's ticket settles).
   */
  beforeStore?: () => Promise<void>;
}

export interface WalkOutcome {
  progress: PassProgress;
  /** Records whose copy changed, and how many of them got an outside change record. */
  changed: number;
  recorded: number;
  pages: number;
  /**
   * Records left alone because the mirror stored them after their page was asked for (a console write's read-back,
   * a record page's correction: ../copy/store.ts): they may be newer than the page; the next pass reads them again.
   */
  skipped: number;
}

export interface WalkSpec {
  /** Where to start (a walk resumed after a restart starts at its saved page). */
  progress: PassProgress;
  updatedSince?: Date;
  /** The window outside changes are recorded with; null: record nothing (the first copy). */
  window: DetectionWindow | null;
  /** Keep the progress after every page (a long walk that must survive a restart). */
  save: boolean;
  /** Collect the mirrored ids the walk did not find (the sweep). */
  findMissing: boolean;
}

/** The progress of a walk that has not read its first page yet. */
export function freshProgress(mode: PassProgress['mode'], now: number): PassProgress {
  return {
    mode,
    page: 1,
    frozen: '',
    startedAt: new Date(now).toISOString(),
    total: -1,
    lastId: 0,
    moved: false,
    missing: [],
  };
}

/**
 * Walks a list and stores what it reads: every page is upserted by id (a record read twice is harmless), its
 * outside changes recorded, and the walk's progress kept. The walk's frozen time is the service's clock at its
 * first page (our own when the service sends no Date header: the embedded one shares our clock) minus the
 * lookback. Rows moved when a later page reports another total than the first, or starts at or before the id
 * the previous page ended with.
 */
export async function walkAndStore(ctx: PassContext, spec: WalkSpec): Promise<WalkOutcome> {
  const entity = MIRROR_ENTITIES[ctx.entity];
  const progress: PassProgress = { ...spec.progress, missing: [...spec.progress.missing] };
  let changed = 0;
  let recorded = 0;
  let pages = 0;
  let skipped = 0;
  let savedAt = ctx.now();
  for await (const page of walkPages(ctx.client, entity, {
    from: progress.page,
    updatedSince: spec.updatedSince,
    signal: ctx.signal,
    ticket: () => readTicket(ctx.db),
  })) {
    pages++;
    if (!progress.frozen) progress.frozen = new Date((page.serverMs ?? ctx.now()) - LOOKBACK_MS).toISOString();
    if (progress.total < 0) progress.total = page.totalCount;
    const first = page.records[0]?.id;
    if (page.totalCount !== progress.total || (first !== undefined && first <= progress.lastId)) progress.moved = true;
    await ctx.beforeStore?.();
    const { stored, skipped: left } = await upsertMirror(ctx.db, ctx.entity, page.records, { ticket: page.ticket });
    changed += stored.length;
    skipped += left.length;
    if (spec.window) {
      recorded += await recordOutsideChanges(ctx.db, ctx.entity, stored, { ...spec.window, to: new Date(ctx.now()) });
      // (The first copy is evaluated in full once it is complete, not page by page.)
      await evaluateStored(ctx.db, ctx.entity, stored);
    }
    const last = page.records.at(-1)?.id;
    const isLast = page.page >= page.totalPages;
    // (An empty list answers one page with totalPages 0, the last: everything the mirror holds is missing.)
    if (spec.findMissing && (last !== undefined || isLast)) {
      const seen = new Set(page.records.map((r) => r.id));
      const held = await mirroredIdsBetween(ctx.db, ctx.entity, progress.lastId, isLast ? null : (last ?? null));
      progress.missing.push(...held.filter((id) => !seen.has(id)));
    }
    if (last !== undefined && last > progress.lastId) progress.lastId = last;
    progress.page = page.page + 1;
    // Kept at most once a second: a restart reads the pages since again (upserts by id make that harmless),
    // and a commit per page would cost the walk a fifth of its speed.
    if (spec.save && (isLast || ctx.now() - savedAt >= SAVE_EVERY_MS)) {
      await writeState(ctx.db, ctx.entity, { pass: progress });
      savedAt = ctx.now();
    }
  }
  return { progress, changed, recorded, pages, skipped };
}
