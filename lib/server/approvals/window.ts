import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { quotaWindow, type QuotaEvent, type QuotaWindow } from '@/lib/contract/approval-window';
import type { ConsoleDatabase } from '../db';
import type { QuotaFamily } from './proposals';

/**
 * The policy's window read from History (lib/contract/approval-window.ts): each company's applied changes of the
 * family's amount in the last `windowDays`, from the audit tables the console itself wrote, never from a browser.
 * Console changes (a form, the dialog, bulk edit, an import, a resend, a revert, a restore, the proxy) are steps;
 * the ERP's changes the mirror found (source `outside`) and approved proposals restart the count. An approval's own
 * write is recorded as a quota edit under the approver's name: it is known by its proposal (same company, by the
 * decider, after the decision, to the proposed amount) and read as the restart it is, not as a step.
 */

/** The amount's field as History names it (the quota edit, the proxy and the mirror alike). */
const FIELD = { credit: 'creditAmount', point: 'balance' } as const;

export interface WindowCompany {
  companyId: number;
  /** History names a write keyed by code alone `code:<code>`. */
  code: string | null;
}

type StepRow = {
  record_id: string;
  at: Date | string;
  source: string;
  from_value: unknown;
  to_value: unknown;
  user_id: string | null;
  user_email: string | null;
};
type ApprovalRow = { company_id: string; decided_at: Date | string; decided_by: string; amount: unknown };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (d: Date | string) => new Date(d).toISOString();

/** One company's events, oldest first: steps, with each approval's own write turned into its restart. */
function eventsOf(steps: StepRow[], approvals: ApprovalRow[]): QuotaEvent[] {
  const events: (QuotaEvent & { ms: number })[] = [];
  const claimed = new Set<StepRow>();
  for (const a of approvals) {
    const decided = new Date(a.decided_at).getTime();
    const amount = num(a.amount);
    const own = steps.find(
      (s) =>
        !claimed.has(s) &&
        s.source !== 'outside' &&
        s.user_id === a.decided_by &&
        new Date(s.at).getTime() >= decided &&
        num(s.to_value) === amount,
    );
    if (own) claimed.add(own);
    const at = own ? new Date(own.at) : new Date(a.decided_at);
    if (amount !== null)
      events.push({ kind: 'restart', cause: 'approval', at: at.toISOString(), value: amount, ms: at.getTime() });
  }
  for (const s of steps) {
    if (claimed.has(s)) continue;
    const ms = new Date(s.at).getTime();
    const to = num(s.to_value);
    if (s.source === 'outside') {
      if (to !== null) events.push({ kind: 'restart', cause: 'erp', at: iso(s.at), value: to, ms });
      continue;
    }
    events.push({ kind: 'step', at: iso(s.at), from: num(s.from_value), to, byEmail: s.user_email ?? '', ms });
  }
  // Stable: a restart and a step at the same instant keep the order they were pushed in (restarts first).
  return events.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...e }) => e);
}

/**
 * Each company's window, to be completed with its live value: `windowOf(companyId, live)`. One query for the
 * changes and one for the approvals, whatever the number of companies (a 200-row import chunk, a proxy batch).
 */
export async function readQuotaWindows(
  db: Kysely<ConsoleDatabase>,
  input: { tenant: string; family: QuotaFamily; companies: readonly WindowCompany[]; policy: ApprovalPolicy },
): Promise<(companyId: number, live: number) => QuotaWindow> {
  const days = input.policy.windowDays;
  const byRecord = new Map<string, number>();
  for (const c of input.companies) {
    byRecord.set(String(c.companyId), c.companyId);
    if (c.code) byRecord.set(`code:${c.code}`, c.companyId);
  }
  const ids = [...new Set(input.companies.map((c) => c.companyId))];
  const steps = new Map<number, StepRow[]>();
  const approvals = new Map<number, ApprovalRow[]>();
  if (ids.length > 0) {
    const { rows } = await sql<StepRow>`
      select c.record_id, c.at, c.source, ch -> 'from' as from_value, ch -> 'to' as to_value, a.user_id, a.user_email
      from audit_change c
        join audit_log a on a.id = c.audit_id
        cross join lateral jsonb_array_elements(coalesce(c.changes, '[]'::jsonb)) ch
      where c.record_type = 'companies' and c.record_id = any(${[...byRecord.keys()]}::text[])
        and c.result = 'applied' and c.source not in ('attention', 'sync')
        and ch ->> 'field' = ${FIELD[input.family]} and c.at >= now() - make_interval(days => ${days})
      order by c.at, c.id`.execute(db);
    for (const r of rows) {
      const id = byRecord.get(r.record_id)!;
      steps.set(id, [...(steps.get(id) ?? []), r]);
    }
    const decided = await sql<ApprovalRow>`
      select company_id, decided_at, decided_by, new_values -> 'amount' as amount from quota_proposal
      where tenant = ${input.tenant} and family = ${input.family} and company_id = any(${ids}::bigint[])
        and state = 'applied' and decided_at >= now() - make_interval(days => ${days})
      order by decided_at`.execute(db);
    for (const r of decided.rows) {
      const id = Number(r.company_id);
      approvals.set(id, [...(approvals.get(id) ?? []), r]);
    }
  }
  const events = new Map(ids.map((id) => [id, eventsOf(steps.get(id) ?? [], approvals.get(id) ?? [])]));
  return (companyId, live) => quotaWindow(days, events.get(companyId) ?? [], live);
}
