import 'server-only';
import pLimit from 'p-limit';
import { creditRulesTripped, pointRulesTripped, type ApprovalPolicy } from '@/lib/contract/approval-policy';
import { CREDIT_QUOTA_OPERATIONS, POINT_QUOTA_OPERATIONS } from '@/lib/contract/operations';
import { isApiError, type UpstreamClient } from '../upstream';

/**
 * The policy at the proxy: a quota batch sent through /api/upstream (by a script with a person's session, or a
 * screen that forgot) is held to the same policy as the screens, so calling the proxy never skips a second person.
 * Each item's live value is read first; one item the policy catches refuses the whole request before anything is
 * sent (a partial send would leave the caller guessing which items waited). Items the service will refuse anyway
 * (no such company, an ambiguous code, a wrong type) are left to it.
 */
export type GateVerdict = 'pass' | 'approval_required' | 'policy_check_failed';

type Item = Record<string, unknown>;
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

async function companyIdOf(upstream: UpstreamClient, item: Item): Promise<number | null> {
  const id = number(item.companyId);
  if (id !== undefined) return id;
  const code = typeof item.companyCode === 'string' ? item.companyCode.trim() : '';
  if (code === '') return null;
  const page = await upstream.list('companies', { filters: { outerSysCode: code }, pageSize: 2 });
  const exact = (page.data ?? []).filter((c) => c.outerSysCode === code);
  return exact.length === 1 ? exact[0]!.id : null;
}

async function caught(upstream: UpstreamClient, policy: ApprovalPolicy, credit: boolean, item: Item) {
  const companyId = await companyIdOf(upstream, item);
  if (companyId === null) return false;
  try {
    if (credit) {
      const live = await upstream.read('creditQuota', companyId);
      const after = { creditAmount: number(item.creditAmount), enabled: flag(item.enabled) };
      return creditRulesTripped(policy, live.companyOuterSysCode, live, after).length > 0;
    }
    const live = await upstream.read('pointQuota', companyId);
    const balance = number(item.balance);
    return balance !== undefined && pointRulesTripped(policy, live.balance, balance).length > 0;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

export async function quotaWriteVerdict(
  upstream: UpstreamClient,
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
    const verdicts = await Promise.all(
      items.map((item) =>
        limit(() =>
          item && typeof item === 'object' ? caught(upstream, policy, credit, item as Item) : Promise.resolve(false),
        ),
      ),
    );
    return verdicts.some(Boolean) ? 'approval_required' : 'pass';
  } catch {
    return 'policy_check_failed';
  }
}
