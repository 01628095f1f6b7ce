import 'server-only';
import { sql, type Kysely } from 'kysely';
import { actorKind, type RecordType } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db';

/** One applied change of one field, as a record's History holds it. */
export interface FieldChange {
  recordId: string;
  /** ISO 8601, UTC. */
  at: string;
  from: unknown;
  to: unknown;
  /** A person's e-mail, or the ERP (a change found outside the console). */
  by: { kind: 'person'; email: string } | { kind: 'erp' };
}

/**
 * The last `perRecord` applied changes of `field` on each of these records, newest first (an approver reads a
 * company's recent credit limit changes beside a proposal). Findings and refused writes are not changes.
 */
export async function recentFieldChanges(
  db: Kysely<ConsoleDatabase>,
  type: RecordType,
  ids: readonly string[],
  field: string,
  perRecord = 3,
): Promise<FieldChange[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    record_id: string;
    at: Date | string;
    from_value: unknown;
    to_value: unknown;
    user_id: string | null;
    user_email: string | null;
  }>`
    select record_id, at, from_value, to_value, user_id, user_email from (
      select c.record_id, c.at, ch -> 'from' as from_value, ch -> 'to' as to_value, a.user_id, a.user_email,
        row_number() over (partition by c.record_id order by c.at desc, c.id desc) as n
      from audit_change c
        join audit_log a on a.id = c.audit_id
        cross join lateral jsonb_array_elements(coalesce(c.changes, '[]'::jsonb)) ch
      where c.record_type = ${type} and c.record_id = any(${[...ids]}::text[]) and c.result = 'applied'
        and ch ->> 'field' = ${field}
    ) recent
    where n <= ${perRecord}
    order by record_id, at desc`.execute(db);
  return rows.map((r) => ({
    recordId: r.record_id,
    at: new Date(r.at).toISOString(),
    from: r.from_value ?? null,
    to: r.to_value ?? null,
    by:
      actorKind(r.user_id, r.user_email) === 'person' ? { kind: 'person', email: r.user_email ?? '' } : { kind: 'erp' },
  }));
}
