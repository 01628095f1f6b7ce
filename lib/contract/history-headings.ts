// How History heads its entries that are not a person's field changes: outside changes, findings, closed
// rejections, and who an entry is by (lib/contract/history re-exports them).

/** ISO 8601 bounds of when an outside change happened (HistoryEntry.window). */
export interface DetectionWindowView {
  from: string | null;
  to: string;
}

/**
 * What an outside change record says happened (catalogue key `history.outside.*`), from its action: fields
 * changed (`updated`), the record no longer returned by a complete sweep (`vanished`: the console keeps its
 * last copy), or back after that (`returned`).
 * OUTSIDE_OUTCOMES: the outcome a mirror pass writes on an outside entry (the audit log's English; pages show words).
 */
export const OUTSIDE_OUTCOMES = {
  changed: 'changed outside the console',
  vanished: 'no longer returned by the service',
} as const;

/** What a finding's History entry says happened (catalogue key `history.findings.*`), from its action. */
export function findingHeading(action: string | null | undefined): 'opened' | 'resolved' | 'accepted' | 'reopened' {
  return action === 'resolved' || action === 'accepted' || action === 'reopened' ? action : 'opened';
}

/** How a closed rejection's History entry heads (catalogue key `history.sync.*`), from its action. */
export function syncHeading(action: string | null | undefined): 'erp' | 'console' | 'dismissed' {
  return action === 'erp' || action === 'dismissed' ? action : 'console';
}

export function outsideHeading(action: string | null | undefined): 'changed' | 'vanished' | 'returned' {
  return action === 'vanished' || action === 'returned' ? action : 'changed';
}

/**
 * Who an entry is by: a person (also for what their import, bulk edit or resend sent), the ERP (changes the
 * mirror found made outside the console) or the console's own checks (findings). The audit tables keep the
 * last two as these user ids, with no e-mail.
 */
export const ACTOR_IDS = { erp: 'outside', checks: 'attention' } as const;
export type ActorKind = 'person' | keyof typeof ACTOR_IDS;

export function actorKind(userId: string | null | undefined, email: string | null | undefined): ActorKind {
  if (email) return 'person';
  if (userId === ACTOR_IDS.erp) return 'erp';
  if (userId === ACTOR_IDS.checks) return 'checks';
  return 'person';
}
