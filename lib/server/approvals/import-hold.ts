import 'server-only';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { quotaTabOf, type QuotaValues } from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';
import { companyIdOf } from '../quotas';
import { isApiError, type UpstreamClient } from '../upstream';
import { policyInForce } from './policy';
import { OpenProposalExistsError, propose, type Person, type ProposalSource, type QuotaFamily } from './proposals';
import { judgeFor } from './judge';
import { recordProposalStep } from './record';

/**
 * The policy on the jobs path: a credit or point quota import (a file, a bulk edit, a resend) sends its rows with
 * the jobs' client, not through the proxy, so each chunk is held to the policy here before it is sent. A row the
 * policy catches becomes a proposal (one per company and family, as from the dialog: a company that already waits
 * keeps its proposal and the row is not sent) and is never sent; the others go out as before. Earlier console
 * changes in the policy's window count (./window.ts): a raise split over several files or bulk edits trips the rule
 * the whole raise would. The live value is
 * read per row, as the proxy's gate does; a row whose value cannot be read is not sent (the policy could not be
 * checked), never sent blindly.
 */

export type HeldRow =
  | { rowNo: number; kind: 'proposed'; proposalId: string; companyId: number }
  | { rowNo: number; kind: 'waits'; companyId: number }
  | { rowNo: number; kind: 'unreadable' };

export interface HoldInput {
  tenant: string;
  family: QuotaFamily;
  rows: readonly { rowNo: number; item: Record<string, unknown> | null }[];
  /** The person the import's writes are filed under: the proposals' author. */
  by: Person;
  /** Written beside each proposal: the row's memo, else this (the import's file name); a revert's always this. */
  reason: string;
  source: Extract<ProposalSource, 'import' | 'bulk' | 'revert'>;
  /** Names the import; with the row number it makes a proposal found again when a chunk is run twice. */
  importId: string;
  /** The policy when none was saved (the demo's in demo mode). */
  fallback: ApprovalPolicy;
  companyName: (companyId: number) => Promise<string | null>;
}

const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

function hasRules(policy: ApprovalPolicy, family: QuotaFamily): boolean {
  if (family === 'point') return policy.point.balanceChange !== null;
  const c = policy.credit;
  return c.increasePercent !== null || c.increaseAmount !== null || c.controlOff || c.companyCodes.length > 0;
}

type Live = { companyId: number; code: string | null; old: QuotaValues; updatedAt: string | null };

/** The row's company and its live value; null when the service will refuse the row anyway (no such company). */
async function liveOf(upstream: UpstreamClient, family: QuotaFamily, item: Record<string, unknown>) {
  const companyId = await companyIdOf(upstream, item);
  if (companyId === null) return null;
  try {
    const q =
      family === 'credit'
        ? await upstream.read('creditQuota', companyId)
        : await upstream.read('pointQuota', companyId);
    const amount = 'creditAmount' in q ? q.creditAmount : q.balance;
    return {
      companyId,
      code: q.companyOuterSysCode,
      old: { amount, enabled: q.enabled, memo: q.memo },
      updatedAt: q.updatedAt,
    } satisfies Live;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Splits a chunk: the rows to send, and those held (proposed, waiting behind another proposal, or unreadable). */
export async function holdCaughtRows(
  db: Kysely<ConsoleDatabase>,
  upstream: UpstreamClient,
  input: HoldInput,
): Promise<{ send: number[]; held: HeldRow[] }> {
  const inForce = await policyInForce(db, input.tenant, input.fallback);
  if (!hasRules(inForce.policy, input.family)) return { send: input.rows.map((r) => r.rowNo), held: [] };
  const tab = quotaTabOf(input.family);
  const amountField = input.family === 'credit' ? 'creditAmount' : 'balance';
  const limit = pLimit(8);
  const lives = await Promise.all(
    input.rows.map((row) =>
      limit(async () => {
        if (!row.item) return { row, live: null };
        try {
          return { row, live: await liveOf(upstream, input.family, row.item) };
        } catch {
          return { row, live: 'unreadable' as const };
        }
      }),
    ),
  );
  const judge = await judgeFor(db, {
    tenant: input.tenant,
    tab,
    policy: inForce.policy,
    companies: lives.flatMap(({ live }) =>
      live && live !== 'unreadable' ? [{ companyId: live.companyId, code: live.code }] : [],
    ),
  });
  const send: number[] = [];
  const held: HeldRow[] = [];
  // In file order, one at a time: two rows for one company make one proposal, the second waits behind it.
  for (const { row, live } of lives) {
    if (live === 'unreadable') {
      held.push({ rowNo: row.rowNo, kind: 'unreadable' });
      continue;
    }
    const item = row.item!;
    const amount = number(item[amountField]);
    if (live === null || amount === undefined) {
      send.push(row.rowNo);
      continue;
    }
    const next: QuotaValues = {
      amount,
      enabled: flag(item.enabled) ?? live.old.enabled,
      memo: text(item.memo) ?? live.old.memo,
    };
    const { rules, window } = judge({ companyId: live.companyId, code: live.code, old: live.old, new: next });
    if (rules.length === 0) {
      send.push(row.rowNo);
      continue;
    }
    const sourceId = `${input.importId}:${row.rowNo}`;
    try {
      const proposal = await propose(db, {
        tenant: input.tenant,
        family: input.family,
        companyId: live.companyId,
        companyCode: live.code,
        companyName: await input.companyName(live.companyId),
        old: live.old,
        new: next,
        oldUpdatedAt: live.updatedAt,
        rules,
        window,
        policyVersion: inForce.version,
        // A revert's memo is the old one it puts back, not a reason: the reason names the import it undoes.
        reason: (input.source !== 'revert' && text(item.memo)?.trim()) || input.reason,
        source: input.source,
        sourceId,
        by: input.by,
        expiryDays: inForce.policy.expiryDays,
      });
      await recordProposalStep(db, 'proposed', proposal, input.by);
      held.push({ rowNo: row.rowNo, kind: 'proposed', proposalId: proposal.id, companyId: live.companyId });
    } catch (error) {
      if (!(error instanceof OpenProposalExistsError)) throw error;
      // The same row run again (its chunk re-run after a restart) finds its own proposal.
      held.push(
        error.existing.sourceId === sourceId
          ? { rowNo: row.rowNo, kind: 'proposed', proposalId: error.existing.id, companyId: live.companyId }
          : { rowNo: row.rowNo, kind: 'waits', companyId: live.companyId },
      );
    }
  }
  return { send, held };
}
