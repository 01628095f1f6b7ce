import 'server-only';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import { CREDIT_QUOTA_OPERATIONS, POINT_QUOTA_OPERATIONS } from '@/lib/contract/operations';
import type { ConsoleDatabase } from '../db';
import { companyIdOf } from '../quotas';
import { isApiError, type UpstreamClient } from '../upstream';
import { judgeFor } from './judge';

/**
 * The policy at the proxy: a quota batch sent through /api/upstream (by a script with a person's session, or a
 * screen that forgot) is held to the same policy as the screens, so calling the proxy never skips a second person.
 * Each item's live value is read first; one item the policy catches refuses the whole request before anything is
 * sent (a partial send would leave the caller guessing which items waited). Items the service will refuse anyway
 * (no such company, an ambiguous code, a wrong type) are left to it. Earlier console changes in the policy's window
 * count, as on every path (./window.ts): three +15 % raises sent one by one are judged as the +52 % they make.
 */
export type GateVerdict = 'pass' | 'approval_required' | 'policy_check_failed';

type Item = Record<string, unknown>;
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

type Change = { companyId: number; code: string | null; old: QuotaValues; new: QuotaValues };

/** The item's company and its change from the live value; null when the service will refuse it anyway. */
async function changeOf(upstream: UpstreamClient, credit: boolean, item: Item): Promise<Change | null> {
  const companyId = await companyIdOf(upstream, item);
  if (companyId === null) return null;
  try {
    const live = credit ? await upstream.read('creditQuota', companyId) : await upstream.read('pointQuota', companyId);
    const amount = 'creditAmount' in live ? live.creditAmount : live.balance;
    const old: QuotaValues = { amount, enabled: live.enabled, memo: live.memo };
    const sent = number(credit ? item.creditAmount : item.balance);
    // A point item without a balance changes no balance; a credit item's absent fields are unchanged.
    if (!credit && sent === undefined) return null;
    const next: QuotaValues = { amount: sent ?? amount, enabled: flag(item.enabled) ?? live.enabled, memo: live.memo };
    return { companyId, code: live.companyOuterSysCode, old, new: next };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export async function quotaWriteVerdict(
  upstream: UpstreamClient,
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  policyInForce: () => Promise<ApprovalPolicy>,
  operation: string,
  bodyBytes: Uint8Array | null,
): Promise<GateVerdict> {
  const credit = operation === CREDIT_QUOTA_OPERATIONS.batch;
  // Read only for a quota write: every other write passes without a query.
  if (!credit && operation !== POINT_QUOTA_OPERATIONS.batch) return 'pass';
  let items: unknown;
  try {
    items = JSON.parse(new TextDecoder().decode(bodyBytes ?? new Uint8Array()));
  } catch {
    return 'pass';
  }
  if (!Array.isArray(items)) return 'pass';
  const limit = pLimit(8);
  try {
    const policy = await policyInForce();
    const changes = await Promise.all(
      items.map((item) =>
        limit(() => (item && typeof item === 'object' ? changeOf(upstream, credit, item as Item) : null)),
      ),
    );
    const known = changes.filter((c): c is Change => c !== null);
    const judge = await judgeFor(db, { tenant, tab: credit ? 'credit' : 'points', policy, companies: known });
    return known.some((c) => judge(c).rules.length > 0) ? 'approval_required' : 'pass';
  } catch {
    return 'policy_check_failed';
  }
}
