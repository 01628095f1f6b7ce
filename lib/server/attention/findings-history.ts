import 'server-only';
import type { Kysely } from 'kysely';
import { ATTENTION_RULES, attentionOperation, type RuleId } from '@/lib/contract/attention';
import type { FindingRecord, HistoryValue, RecordType } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db';
import { THE_CHECKS, writeHistory, type Actor } from '../history';

/** What happened to a finding, as its record's History says (audit_change.action, source 'attention'). */
export type FindingAction = 'opened' | 'resolved' | 'accepted' | 'reopened';

export interface FindingEvent {
  recordId: string;
  action: FindingAction;
  /** The offending values (a resolved finding: those it had). */
  values: Record<string, unknown>;
  /** A resolved finding: what the rule's fields hold now (the fix). */
  now?: Record<string, unknown>;
  /** An acceptance's reason and expiry (ISO 8601). */
  reason?: string;
  until?: string | null;
}

/** The audit log's English for an entry (`needs attention: resolved`); pages show catalogue words from the action. */
const FINDING_OUTCOME = 'needs attention';

function findingOf(event: FindingEvent): FindingRecord {
  return {
    values: event.values as Record<string, HistoryValue>,
    ...(event.now ? { now: event.now as Record<string, HistoryValue> } : {}),
    ...(event.reason ? { reason: event.reason } : {}),
    ...(event.until ? { until: event.until } : {}),
  };
}

/**
 * One audit entry (family and source 'attention') and one change record per finding: found, resolved, accepted,
 * reopened, each as a finding, never as field changes. By the console's checks unless a person did it (accepting,
 * reopening). Findings of imports have no History (an import is not a record type): they are not written.
 */
export async function writeFindings(
  db: Kysely<ConsoleDatabase>,
  rule: RuleId,
  events: readonly FindingEvent[],
  actor: Actor = THE_CHECKS,
): Promise<void> {
  const resource = ATTENTION_RULES[rule].resource;
  if (events.length === 0 || resource === 'imports') return;
  const recordType: RecordType = resource;
  // One entry per action, so the audit log's row can say "Found" or "Resolved" as the record's History does.
  for (const action of ['resolved', 'opened', 'reopened', 'accepted'] as const) {
    const these = events.filter((e) => e.action === action);
    if (these.length === 0) continue;
    await writeHistory(db, {
      actor,
      operation: attentionOperation(rule),
      family: 'attention',
      targetIds: these.map((e) => e.recordId),
      status: 200,
      outcome: `${FINDING_OUTCOME}: ${action}`,
      result: 'applied',
      recordType,
      records: these.map((e) => ({
        recordType,
        recordId: e.recordId,
        source: 'attention',
        result: 'applied',
        action: e.action,
        changes: null,
        oldRead: false,
        finding: findingOf(e),
      })),
    });
  }
}
