import type { HistoryValue } from '../history';
import type { AttentionResource, FixKind, RuleId, Severity } from './rules';

/** What the "Needs attention" screens read from the console (lib/contract/console/attention.ts has the endpoints). */

/** open: to fix; accepted: an exception someone accepted with a reason (hidden from counts); resolved: fixed. */
export const FINDING_STATES = ['open', 'accepted', 'resolved'] as const;
export type FindingState = (typeof FINDING_STATES)[number];

/** The offending values, by field name (ATTENTION_RULES[rule].fields), as the rule read them. */
export type FindingValues = Record<string, HistoryValue>;

export interface FindingRecord {
  resource: AttentionResource;
  /** The record's id (an import's id for the work rule). */
  id: string;
  code: string | null;
  name: string | null;
  /** The record's page. */
  href: string;
}

export interface Acceptance {
  /** The account's name or e-mail, as History shows who did it. */
  by: string;
  at: string;
  reason: string;
  /** When the exception lapses and the finding is open again; null: until the values change. */
  expiresAt: string | null;
}

export interface Finding {
  id: string;
  rule: RuleId;
  record: FindingRecord;
  values: FindingValues;
  firstSeenAt: string;
  lastSeenAt: string;
  resolvedAt: string | null;
  state: FindingState;
  accepted: Acceptance | null;
  fix: { kind: FixKind; href: string };
}

/** One day's count of open findings of a rule (the day in UTC, `YYYY-MM-DD`). */
export interface DailyCount {
  day: string;
  count: number;
}

/** What was checked: when the rules last ran over a resource and how many of its records they read. */
export interface Checked {
  resource: AttentionResource;
  records: number;
  /** Null: not evaluated yet (the mirror's first copy is still being made). */
  evaluatedAt: string | null;
}

export interface AttentionCard {
  rule: RuleId;
  severity: Severity;
  resource: AttentionResource;
  /** Open findings now (accepted ones not counted). */
  count: number;
  /** The last TREND_DAYS days' counts, oldest first, today last (today's is `count`). */
  trend: DailyCount[];
  checked: Checked;
}

/** The home of one person: cards for the rules their role sees that have open findings, most severe first. */
export interface AttentionSummary {
  cards: AttentionCard[];
  /** Open findings of every rule the role sees (the navigation's count). */
  total: number;
  /** Every resource the role's rules read, for the empty state ("All 24,310 SKUs checked 40 s ago"). */
  checked: Checked[];
  /** Whether this person may accept and reopen findings. */
  mayAccept: boolean;
}

/** A rule's findings page. */
export interface FindingsPage {
  rule: RuleId;
  state: FindingState;
  rows: Finding[];
  total: number;
  page: number;
  pageSize: number;
  checked: Checked;
  mayAccept: boolean;
}

/** A record's findings (open and accepted), for its page. */
export interface RecordFindings {
  rows: Finding[];
  mayAccept: boolean;
}
