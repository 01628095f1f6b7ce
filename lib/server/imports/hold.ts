import 'server-only';
import { sql } from 'kysely';
import { DEMO_APPROVAL_POLICY, NO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { REVERT_AMOUNT_UNREAD } from '@/lib/contract/console/reverts';
import type { RowIssue } from '@/lib/imports/check';
import type { FamilyName } from '@/lib/imports/families';
import { holdCaughtRows, type HeldRow } from '../approvals';
import type { JobContext } from '../jobs';
import { companyNames } from '../quotas';
import type { UndoSteps } from './undo-steps';
import { loadChunk, recordOutcomes, type RowOutcome } from './store';

/**
 * The approval policy on an import's chunk (issue 55 point 3): before a credit or point quota chunk is marked sent,
 * the rows the policy catches become proposals and get their outcome at once ("sent for approval"), so the chunk's
 * request carries only the others. Only a chunk never sent is held: a chunk re-run after it was in a request keeps
 * the unknown-outcome rule (its rows may have been written; deciding them again would hide that).
 */

const FAMILY = { creditQuotas: 'credit', pointQuotas: 'point' } as const;

const issue = (code: string): RowIssue[] => [{ code }];

type Params = { importId: string; demoPolicy?: boolean };

function outcomeOf(held: HeldRow): RowOutcome {
  switch (held.kind) {
    case 'proposed':
      return { rowNo: held.rowNo, status: 'proposed', recordId: held.companyId, errors: [] };
    case 'waits':
      // Another change for this company already waits: this row is not sent, and can be sent once that is decided.
      return { rowNo: held.rowNo, status: 'not_sent', recordId: held.companyId, errors: issue('proposal_waits') };
    case 'unreadable':
      return { rowNo: held.rowNo, status: 'not_sent', recordId: null, errors: issue('policy_check_failed') };
  }
}

export async function holdQuotaChunk(
  family: FamilyName,
  importId: string,
  chunk: number,
  ctx: JobContext<unknown>,
  undo?: Pick<UndoSteps, 'carryLiveAmounts'>,
): Promise<void> {
  if (family !== 'creditQuotas' && family !== 'pointQuotas') return;
  const loaded = await loadChunk(ctx.db, importId, chunk, { items: true });
  if (loaded.sends > 0) return;
  let pending = loaded.rows.filter((r) => r.status === 'pending');
  if (pending.length === 0) return;
  // The person the attempt's writes are filed under (a resend's sender, else the import's creator).
  const { rows } = await sql<{
    id: string;
    email: string;
    file_name: string;
    origin: string | null;
    undone: string | null;
    undone_file: string | null;
  }>`
    select coalesce(a.created_by, i.created_by) as id, coalesce(a.created_by_email, i.created_by_email) as email,
      i.file_name, i.origin, u.id::text as undone, u.file_name as undone_file
    from import i left join import_attempt a on a.import_id = i.id and a.job_id = ${ctx.jobId}
      left join import u on u.id = i.reverts_import_id
    where i.id = ${importId}`.execute(ctx.db);
  const found = rows[0];
  if (!found) return;
  const params = ctx.params as Params;
  // A revert's row that carries the amount carries the live one, read now (issue 56): not the review's.
  const unread: RowOutcome[] = [];
  if (found.origin === 'revert' && undo) {
    const carried = await undo.carryLiveAmounts(ctx.db, ctx.upstream, family, importId, pending);
    for (const rowNo of carried.unread)
      unread.push({ rowNo, status: 'not_sent', recordId: null, errors: issue(REVERT_AMOUNT_UNREAD) });
    const left = new Set(carried.unread);
    pending = pending
      .filter((r) => !left.has(r.rowNo))
      .map((r) => ({ ...r, item: carried.items.get(r.rowNo) ?? r.item }));
  }
  const { held } = await holdCaughtRows(ctx.db, ctx.upstream, {
    tenant: ctx.tenant,
    family: FAMILY[family],
    rows: pending.map((r) => ({ rowNo: r.rowNo, item: r.item })),
    by: { id: found.id, email: found.email },
    // A revert's proposal names the import it undoes (the approver's "From the revert of import …").
    reason: found.origin === 'revert' && found.undone ? `#${found.undone} (${found.undone_file})` : found.file_name,
    source: found.origin === 'bulk' ? 'bulk' : found.origin === 'revert' ? 'revert' : 'import',
    importId,
    fallback: params.demoPolicy ? DEMO_APPROVAL_POLICY : NO_APPROVAL_POLICY,
    companyName: async (id) =>
      (await companyNames(ctx.db, ctx.tenant, [id], true)).get(id) ??
      (await companyNames(ctx.db, ctx.tenant, [id], false)).get(id) ??
      null,
  });
  const outcomes = [...unread, ...held.map(outcomeOf)];
  if (outcomes.length) await recordOutcomes(ctx.db, importId, chunk, outcomes);
}
