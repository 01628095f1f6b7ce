import { z } from 'zod';
import { charLength } from '../char-length';
import { COMPANY_LIMITS } from '../values';
import { endpoint, json } from './endpoint';
import { idParam } from './params';
import type { FamilyName, ImportOrigin } from './import-files';
import type { RowStatus } from './imports';
import type { HistoryValue } from '../history';

/**
 * Reverting an import (issue 56 point 1): the review of what the revert would do, and its start. A revert is
 * an import of its own, computed from the undone import's History; its progress, rows and results download
 * are those of any import (./imports.ts).
 */

/**
 * What becomes of a record the import touched. `restore`: it still holds the imported values (selected);
 * `changedSince`: someone or the ERP changed it after (not selected unless chosen); `created`: the import
 * created it (left as it is: /v1 has no delete); `notApplied`: the row failed, was not sent or its outcome is
 * unknown (nothing to undo); `noBefore`: the values before the import were never read (nothing to go back to).
 */
export const REVERT_KINDS = ['restore', 'changedSince', 'created', 'notApplied', 'noBefore'] as const;
export type RevertKind = (typeof REVERT_KINDS)[number];

/** The issue code a revert's row carries when it is left as it is, per kind (`errors.<code>` in the catalogues). */
export const REVERT_LEFT_CODES = {
  restore: 'revert_not_chosen',
  changedSince: 'revert_changed_since',
  created: 'revert_created_left',
  notApplied: 'revert_not_applied',
  noBefore: 'revert_before_unknown',
} as const satisfies Record<RevertKind, string>;

const LEFT_CODES: ReadonlySet<string> = new Set(Object.values(REVERT_LEFT_CODES));

/**
 * A revert's row it left as it is on purpose ("Nothing to undo", changed since, created, not chosen): nothing
 * failed, so "Resend failed rows" does not offer it.
 */
export function leftByRevert(errors: readonly { code: string }[]): boolean {
  return errors.length > 0 && errors.every((e) => LEFT_CODES.has(e.code));
}

/**
 * A quota revert's row that carries the amount (it puts back only the switch or the memo) whose live amount could
 * not be read just before sending: not sent, rather than sent with the amount read at the review.
 */
export const REVERT_AMOUNT_UNREAD = 'revert_amount_unread';

/**
 * Such a row (its amount cell empty: the amount is read just before sending) offered to "Resend failed rows": the
 * resend checks the cells it is given, and they carry no amount, so it is refused with this code rather than with
 * the check's "amount missing", which would read as a fault of the file.
 */
export const REVERT_AMOUNT_CARRIED = 'revert_amount_carried';

/** The amount a quota family's batch requires in every item. */
export const QUOTA_AMOUNT_FIELD = { creditQuotas: 'creditAmount', pointQuotas: 'balance' } as const;

/**
 * Whether a row of a quota revert keeps the amount read just before sending (lib/server/imports/hold.ts): its
 * amount cell is empty, or no column holds one. The check requires an amount, so "Resend failed rows" names such a
 * row REVERT_AMOUNT_CARRIED, in the fix grid and on the server alike.
 */
export function carriesLiveAmount(
  view: { family: FamilyName; origin?: string | null; mapping: readonly (string | null)[] },
  cells: readonly string[],
): boolean {
  if (view.origin !== 'revert' || !(view.family in QUOTA_AMOUNT_FIELD)) return false;
  const at = view.mapping.indexOf(QUOTA_AMOUNT_FIELD[view.family as keyof typeof QUOTA_AMOUNT_FIELD]);
  return at < 0 || (cells[at] ?? '').trim() === '';
}

export interface RevertField {
  field: string;
  /** What the import wrote. */
  imported: HistoryValue;
  /** What the record held before it; null when unknown. */
  before: HistoryValue | null;
  /** What /v1 holds now; null when not read (nothing to undo) or the record is gone. */
  live: HistoryValue | null;
}

/** Who changed a record after the import, as History tells it, else as /v1 does (a change outside the console). */
export interface ChangedBy {
  /** A person's e-mail; null for a change found outside the console (the ERP) or not yet seen by the console. */
  email: string | null;
  source: string | null;
  at: string | null;
  /**
   * History has no entry for the change (the mirror did not see it yet): it was made outside the console, and
   * `at` is the record's modification time from /v1 where it has one, else the import's write it came after.
   */
  outside?: 'updatedAt' | 'afterImport';
}

export interface RevertRow {
  recordId: string;
  /** The record's ERP code as /v1 returned it, where read. */
  code: string | null;
  rowNo: number;
  kind: RevertKind;
  selected: boolean;
  fields: RevertField[];
  /** notApplied: the row's outcome in the import. */
  status?: RowStatus;
  changedBy?: ChangedBy | null;
  /**
   * Live values the write carries unchanged: a quota's amount, which its batch requires, when the import
   * changed only the switch or the memo.
   */
  carry?: Record<string, HistoryValue>;
  /** A quota row the approval policy would catch: sent as a proposal, not written until approved. */
  waitsForApproval?: boolean;
}

export interface RevertReview {
  importId: string;
  family: FamilyName;
  /** `bulk` for a bulk edit: the page says "bulk edit", not "import". */
  origin: ImportOrigin;
  fileName: string;
  counts: Record<RevertKind, number>;
  /** Rows selected that the approval policy would hold as proposals (quota families). */
  waitsForApproval: number;
  /** The first rows of each kind (REVERT_ROWS_SHOWN each); the download of the revert lists them all. */
  rows: RevertRow[];
  /** Set when this import is itself a revert: the import it undid. */
  revertsImportId: string | null;
}

export const REVERT_ROWS_SHOWN = 200;

/**
 * The families a revert is offered for: every one. Quotas' revert rows go through the approval policy as an
 * import's do (issue 56 point 5): reverting a decrease may be an increase, which becomes a proposal.
 */
export const REVERTIBLE_FAMILIES: readonly FamilyName[] = [
  'companies',
  'products',
  'skus',
  'stock',
  'prices',
  'bundles',
  'bundlePrices',
  'creditQuotas',
  'pointQuotas',
];

/** Whether "Revert this import" is offered: a revertible family, with rows the import applied. */
export function offersRevert(imp: { family: FamilyName; counts: Record<string, number> }): boolean {
  const applied = (imp.counts.created ?? 0) + (imp.counts.updated ?? 0) + (imp.counts.ok ?? 0);
  return REVERTIBLE_FAMILIES.includes(imp.family) && applied > 0;
}
/** More rows chosen or left out by hand than this are refused (the review shows a few hundred at most). */
export const REVERT_PICKS_MAX = 5_000;

/**
 * A record as the review names it: its id, or, for a quota's company that History knows only by the ERP code the
 * file named it by, `code:<code>` (lib/server/undo/revert-quota.ts).
 */
const recordId = z.union([
  z.string().regex(/^[0-9]{1,19}$/),
  z
    .string()
    .startsWith('code:')
    .refine((s) => s.length > 5 && charLength(s.slice(5)) <= COMPANY_LIMITS.outerSysCode),
]);
const recordIds = z.array(recordId).max(REVERT_PICKS_MAX);

export const startRevertBody = z.object({
  /** Records changed since that the person chose to restore all the same. */
  include: recordIds.default([]),
  /** Records still holding the imported values that the person chose to leave. */
  exclude: recordIds.default([]),
});

const runImports = { kind: 'session', permission: 'runImports' } as const;
const revertParams = z.object({ id: idParam });

export const revertsApi = {
  review: endpoint({
    method: 'GET',
    path: '/api/imports/[id]/revert',
    access: runImports,
    params: revertParams,
    answer: json<RevertReview>(),
    errors: { import_not_found: 404, import_running: 409, revert_not_supported: 409 },
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/imports/[id]/revert',
    access: runImports,
    params: revertParams,
    body: startRevertBody,
    answer: json<{ id: string }>(),
    errors: {
      import_not_found: 404,
      import_running: 409,
      import_already_running: 409,
      revert_not_supported: 409,
      nothing_to_revert: 409,
    },
    // The revert's writes are on the record as its own chunks' entries and its summary (lib/server/imports).
    audit: 'domain',
  }),
};
