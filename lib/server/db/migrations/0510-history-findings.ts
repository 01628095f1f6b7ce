import { sql, type Kysely, type Migration } from 'kysely';

/**
 * History written in one place (lib/server/history, issue 54). `audit_change.finding`: a finding's entry holds
 * what was found (and, resolved, what the fields hold now) instead of field changes, so a fix no longer reads
 * as an erasure; the findings recorded before are turned into that shape here. `audit_change.unchanged`: how many
 * fields a write sent with the value they already had (counted on screen, not listed).
 */
const historyFindings: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_change add column if not exists finding jsonb`.execute(db);
    await sql`alter table audit_change add column if not exists unchanged integer not null default 0`.execute(db);
    // A resolved finding kept the values it had as `from`, the others the values found as `to`; an acceptance's
    // reason and expiry came as two more fields.
    await sql`
      update audit_change c set changes = null, finding = jsonb_strip_nulls(jsonb_build_object(
        'values', coalesce((
          select jsonb_object_agg(d->>'field', case when c.action = 'resolved' then d->'from' else d->'to' end)
          from jsonb_array_elements(c.changes) d where d->>'field' not in ('reason', 'expiresAt')), '{}'::jsonb),
        'reason', (select d->'to' from jsonb_array_elements(c.changes) d where d->>'field' = 'reason' limit 1),
        'until', (select d->'to' from jsonb_array_elements(c.changes) d where d->>'field' = 'expiresAt' limit 1)))
      where c.source = 'attention' and jsonb_typeof(c.changes) = 'array'`.execute(db);
    await sql`update audit_log set changes = null where family = 'attention' and changes is not null`.execute(db);
  },
};

export default historyFindings;
