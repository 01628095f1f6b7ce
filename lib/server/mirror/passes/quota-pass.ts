import 'server-only';
import { sql } from 'kysely';
import pLimit from 'p-limit';
import { isApiError, type UpstreamClient } from '../../upstream';
import { evaluateEntity, evaluateStored } from '../copy/attention';
import { recordOutsideChanges } from '../copy/outside';
import { freshProgress, type PassContext } from './pass';
import type { PassResult } from './pass-result';
import { readState, writeState, type MirrorState } from '../copy/state';
import { readTicket, upsertMirror, type MirrorRecord } from '../copy/store';

/**
 * Credit and point quota in the mirror. /v1 reads them one company at a time and has no `updatedSince` for
 * them (a quota write does not move the company's updatedAt either), so every pass reads every company's two
 * quotas again, in id order from the company copy, a few at a time (p-limit, under the jobs' own request
 * limit). A pass that runs past its time budget keeps its place and continues at the next interval, so a large
 * tenant cycles over several intervals instead of holding up the other entities; the copy counts as fresh
 * from the start of the last complete cycle.
 */

/** Reads in flight at once (two per company). */
const COMPANIES_AT_ONCE = 4;
/** Companies read between two saves of the pass's place. */
const STEP = 50;
/** Time a pass spends before it keeps its place for the next interval. */
export const QUOTA_BUDGET_MS = 20_000;

/** A company's quota record as the mirror keeps it; null when the company is gone (the company pass flags it). */
export async function readQuotaRecord(
  client: UpstreamClient,
  companyId: number,
  signal?: AbortSignal,
): Promise<MirrorRecord | null> {
  try {
    const [credit, point] = await Promise.all([
      client.read('creditQuota', companyId, signal),
      client.read('pointQuota', companyId, signal),
    ]);
    return { id: companyId, credit, point };
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return null;
    throw error;
  }
}

async function companiesAfter(ctx: PassContext, after: number): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select c.id::text as id from mirror_company c where c.id > ${after}::bigint and c.vanished_at is null order by c.id limit ${STEP}`.execute(
    ctx.db,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * One quota pass, or its next part. The first complete cycle is the first copy (it records nothing); later
 * ones record what changed outside the console like any pass. Waits for the company copy's first pull.
 */
export async function quotaPass(
  ctx: PassContext,
  state: MirrorState,
  options: { budgetMs?: number } = {},
): Promise<PassResult> {
  const first = !state.watermark;
  const kind = first ? 'initial' : 'sweep';
  const result: PassResult = { kind, complete: false, walks: 1, changed: 0, recorded: 0, vanished: 0 };
  const companies = await readState(ctx.db, 'companies');
  if (!companies.watermark || companies.pass?.mode === 'initial') return result;
  const progress = state.pass ?? freshProgress(kind, ctx.now());
  const began = ctx.now();
  const limit = pLimit(COMPANIES_AT_ONCE);
  for (
    let ids = await companiesAfter(ctx, progress.lastId);
    ids.length > 0;
    ids = await companiesAfter(ctx, progress.lastId)
  ) {
    const ticket = await readTicket(ctx.db);
    const reads = await Promise.all(ids.map((id) => limit(() => readQuotaRecord(ctx.client, id, ctx.signal))));
    // A quota skipped (written after these reads were sent) is read again by the next cycle, which reads them all.
    const { stored } = await upsertMirror(
      ctx.db,
      'quotas',
      reads.filter((r): r is MirrorRecord => r !== null),
      { ticket },
    );
    result.changed += stored.length;
    if (!first) {
      result.recorded += await recordOutsideChanges(ctx.db, 'quotas', stored, {
        from: state.lastPassAt,
        to: new Date(ctx.now()),
      });
      await evaluateStored(ctx.db, 'quotas', stored);
    }
    progress.lastId = ids.at(-1)!;
    await writeState(ctx.db, 'quotas', { pass: progress });
    if (ctx.now() - began >= (options.budgetMs ?? QUOTA_BUDGET_MS)) return result;
  }
  // A company the copy no longer holds takes its quota along (flagged like the company, never dropped).
  const { rows } = await sql<{ id: string }>`
    update mirror_quota q set vanished_at = now() where q.vanished_at is null
      and not exists (select 1 from mirror_company c where c.id = q.id and c.vanished_at is null) returning q.id::text as id`.execute(
    ctx.db,
  );
  const startedAt = new Date(progress.startedAt);
  await writeState(ctx.db, 'quotas', {
    watermark: startedAt,
    lastPassAt: startedAt,
    lastPassFinishedAt: new Date(ctx.now()),
    lastSweepAt: startedAt,
    pass: null,
    lastError: null,
  });
  await evaluateEntity(ctx.db, 'quotas');
  return { ...result, complete: true, vanished: rows.length };
}
