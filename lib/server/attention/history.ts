import 'server-only';
import { sql, type Kysely } from 'kysely';
import { ATTENTION_RULES, attentionOperation, type RuleId } from '@/lib/contract/attention';
import type { FieldDiff, RecordType } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db';

/** What happened to a finding, as its record's History says (audit_change.action, source 'attention'). */
export type FindingAction = 'opened' | 'resolved' | 'accepted' | 'reopened';

export interface FindingEvent {
  recordId: string;
  action: FindingAction;
  values: Record<string, unknown>;
  /** What a person added (an acceptance's reason and expiry). */
  extra?: FieldDiff[];
}

/** Who did it: a person accepting or reopening; null for the console's own evaluation. */
export interface Actor {
  userId: string;
  email: string;
}

/** The audit log's English for an entry; pages show catalogue words (`attention.history.*`) from the action. */
export const ATTENTION_OUTCOME = 'needs attention';

/** A resolved finding shows the values it had (from); others the values found (to). */
function diffsOf(event: FindingEvent): FieldDiff[] {
  const values = Object.entries(event.values).map(([field, value]) =>
    event.action === 'resolved' ? { field, from: value as FieldDiff['from'] } : { field, to: value as FieldDiff['to'] },
  );
  return [...values, ...(event.extra ?? [])];
}

/**
 * One audit entry (family and source 'attention') and one change record per finding, in the same tables as every
 * other History entry, so a record's History shows its findings opened, resolved, accepted and reopened among its
 * changes. Findings of imports have no History (an import is not a record type): they are not written.
 */
export async function recordFindingEvents(
  db: Kysely<ConsoleDatabase>,
  rule: RuleId,
  events: readonly FindingEvent[],
  actor: Actor | null = null,
): Promise<void> {
  const resource = ATTENTION_RULES[rule].resource;
  if (events.length === 0 || resource === 'imports') return;
  const recordType: RecordType = resource;
  const rows = events.map((e) => ({ record_id: e.recordId, action: e.action, changes: diffsOf(e) }));
  const single = rows.length === 1 ? JSON.stringify(rows[0]!.changes) : null;
  await sql`
    with entry as (
      insert into audit_log (user_id, user_email, operation, target_ids, status, outcome, result, record_type, family, changes)
      values (${actor?.userId ?? 'attention'}, ${actor?.email ?? ''}, ${attentionOperation(rule)},
        ${rows.map((r) => r.record_id)}::text[], 200, ${ATTENTION_OUTCOME}, 'applied', ${recordType}, 'attention', ${single}::jsonb)
      returning id, at
    )
    insert into audit_change (audit_id, at, record_type, record_id, source, result, action, changes, old_read)
    select entry.id, entry.at, ${recordType}, x.record_id, 'attention', 'applied', x.action, x.changes, false
    from entry, json_to_recordset(${JSON.stringify(rows)}::json) as x(record_id text, action text, changes jsonb)`.execute(
    db,
  );
}
