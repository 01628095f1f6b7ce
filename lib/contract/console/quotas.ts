import { z } from 'zod';
import type { ApprovalPolicy, ApprovalRule } from '../approval-policy';
import type { QuotaWindowView } from '../approval-window';
import { action } from './action';
import { endpoint, everyRole, everyRoleRead, json } from './endpoint';
import type { JobStatus } from './jobs';

/** The quota dashboards (app/api/quotas and the quotas page's actions): snapshot refresh, rows, edits. */

export const QUOTA_TABS = ['credit', 'points'] as const;
export type QuotaTab = (typeof QUOTA_TABS)[number];
/** A quota family as proposals and the approval window name it: the credit tab's, or the points tab's. */
export type QuotaFamily = 'credit' | 'point';
export const quotaFamilyOf = (tab: QuotaTab): QuotaFamily => (tab === 'credit' ? 'credit' : 'point');
export const quotaTabOf = (family: QuotaFamily): QuotaTab => (family === 'credit' ? 'credit' : 'points');
export const REFRESH_MODES = ['full', 'incremental'] as const;
export type RefreshMode = (typeof REFRESH_MODES)[number];
/** Companies one edit may change at most. */
export const QUOTA_EDIT_MAX = 1000;

export interface CreditRow {
  companyId: number;
  code: string | null;
  name: string | null;
  creditAmount: number;
  pendingAmount: number;
  availableAmount: number;
  utilisation: number | null;
  enabled: boolean;
  memo: string | null;
  readAt: string;
}

export interface PointRow {
  companyId: number;
  code: string | null;
  name: string | null;
  balance: number;
  enabled: boolean;
  memo: string | null;
  readAt: string;
}

/** The newest refresh (running or not) and the snapshot's age, for the dashboards' status line. */
export interface QuotaStatus {
  job: JobStatus | null;
  age: { count: number; oldest: string | null; newest: string | null; stale: boolean };
  maxAgeMs: number;
}

export interface QuotaChanges {
  /** Credit amount (credit tab) or point balance (points tab); absent keeps the current value. */
  amount?: number;
  enabled?: boolean;
  /** Absent keeps the memo; '' clears it. */
  memo?: string;
}

export interface QuotaValues {
  amount: number;
  enabled: boolean;
  memo: string | null;
}

export interface PreviewRow {
  companyId: number;
  code: string | null;
  name: string | null;
  old: QuotaValues;
  new: QuotaValues;
  /** Upstream's updatedAt when previewed: apply refuses the company if it moved. */
  updatedAt: string | null;
  /** Contract codes this company's new values break (nothing is sent while any row has one). */
  errors: { field: string; code: string }[];
  /** The approval policy's rules the change trips: empty applies at once, else it becomes a proposal. */
  rules?: ApprovalRule[];
  /** The policy window's earlier steps that make up the change ("+15 % now, +52 % since 3 Dec"), when any. */
  window?: QuotaWindowView | null;
  /** The proposal that already waits for this company and tab, if any (a caught change may replace it). */
  waiting?: { id: string; byEmail: string } | null;
}

export type ApplyOutcome =
  | { companyId: number; status: 'applied'; readAt: string | null }
  | { companyId: number; status: 'refused'; code: string }
  | { companyId: number; status: 'conflict' }
  | { companyId: number; status: 'unknown'; code: string };

/** The dialog's outcomes: a sent change's, or one stored for approval (or refused because one already waits). */
export type EditOutcome =
  | ApplyOutcome
  | { companyId: number; status: 'proposed'; proposalId: string }
  | { companyId: number; status: 'waits'; byEmail: string };

const companyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const values = z.object({ amount: z.number(), enabled: z.boolean(), memo: z.string().nullable() });

export const quotasApi = {
  status: everyRoleRead<QuotaStatus>('/api/quotas/refresh'),
  /** Reading is no change, so every role may start a refresh; a second start joins the running one (200). */
  refresh: endpoint({
    method: 'POST',
    path: '/api/quotas/refresh',
    access: everyRole,
    body: z.object({ mode: z.enum(REFRESH_MODES).optional().catch(undefined) }),
    answer: json<{ jobId: string; started: boolean }>(),
  }),
  /** `?job=<id>`: 409 `{ cancelled: false }` when that is not the running refresh. */
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/quotas/refresh',
    access: { kind: 'session', permission: 'cancelJobs' },
    query: z.object({ job: z.string().max(20).optional() }),
    answer: json<{ cancelled: boolean }>(),
  }),
  /** Every row of a dashboard's filter and sort (all pages, at most 50,000), for the CSV export. */
  rows: endpoint({
    method: 'GET',
    path: '/api/quotas/rows',
    access: everyRole,
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    answer: json<{ rows: (CreditRow | PointRow)[] }>(),
  }),
};

export const quotaActions = {
  /**
   * Refresh with the mirror on: a round of its passes now (here, or asked of the instance running them), answered
   * once the quota copy is newer than the click or after about 10 s, so the page reads a copy newer than the click.
   * `refreshed` says which. Reading is no change: every role, no audit.
   */
  refreshCopy: action({
    name: 'quotas.refreshCopy',
    permission: 'useConsole',
    input: z.object({}),
    answer: json<{ refreshed: boolean }>(),
    audit: 'none',
  }),
  /** Re-reads the chosen companies and lists old → new for each (nothing is sent). */
  preview: action({
    name: 'quotas.preview',
    permission: 'editQuota',
    input: z.object({
      tab: z.enum(QUOTA_TABS),
      companyIds: z.array(companyId).min(1).max(QUOTA_EDIT_MAX),
      changes: z.object({
        amount: z.number().optional(),
        enabled: z.boolean().optional(),
        memo: z.string().optional(),
      }),
    }),
    answer: json<{
      rows: PreviewRow[];
      unreadable: { companyId: number; code: string }[];
      /** The approval policy in force, so the review names each rule's threshold. */
      policy?: ApprovalPolicy;
    }>(),
    // A preview sends nothing.
    audit: 'none',
  }),
  /** Sends the previewed changes through the batch endpoint; one outcome per company. */
  apply: action({
    name: 'quotas.apply',
    permission: 'editQuota',
    input: z.object({
      tab: z.enum(QUOTA_TABS),
      rows: z
        .array(z.object({ companyId, old: values, new: values, updatedAt: z.string().nullable() }))
        .min(1)
        .max(QUOTA_EDIT_MAX),
      /** Why, for the rows the policy catches (required when any is caught). */
      reason: z.string().max(1000).optional(),
      /** Replace the proposals that already wait for these companies (the person was shown them). */
      replace: z.boolean().optional(),
    }),
    answer: json<{ outcomes: EditOutcome[] }>(),
    // One entry per company with old → new (lib/server/quotas/edit-audit.ts).
    audit: 'domain',
  }),
};
