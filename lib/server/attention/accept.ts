import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ATTENTION_RULES, rulesSeenBy, type Finding, type RuleId } from '@/lib/contract/attention';
import { isRole } from '@/lib/contract/roles';
import type { ConsoleDatabase } from '../db';
import { keepDailyCounts, OPEN } from './evaluate';
import { person as actorOf } from '../history';
import { writeFindings, type FindingEvent } from './findings-history';
import { FINDING_COLUMNS, findingView, namedBy, type FindingRow } from './reads';

type Db = Kysely<ConsoleDatabase>;

export type ChangeOutcome =
  | { ok: true; finding: Finding }
  | { ok: false; code: 'finding_not_found' | 'finding_not_open' | 'finding_not_accepted' };

export interface Person {
  userId: string;
  email: string;
  role: string;
}

const seenBy = (person: Person) => (isRole(person.role) ? rulesSeenBy(person.role) : []);

async function readFinding(db: Db, id: string, rules: readonly RuleId[]): Promise<FindingRow | null> {
  const { rows } = await sql<{ rule: RuleId }>`
    select rule from attention_finding where id = ${id}::bigint and rule = any(${[...rules]}::text[])`.execute(db);
  const rule = rows[0]?.rule;
  if (!rule) return null;
  const found = await sql<FindingRow>`
    select ${FINDING_COLUMNS} from attention_finding f left join lateral ${namedBy(ATTENTION_RULES[rule].resource)} r on true
    where f.id = ${id}::bigint`.execute(db);
  return found.rows[0] ?? null;
}

type Changed = { rule: RuleId; record_id: string; offending: Record<string, unknown> };

/**
 * One change of a finding the person sees, in one transaction: `update` changes it and returns what it changed,
 * or nothing when the finding is not in the state the change needs (`notInState`, or not found when the person
 * does not see it); the change goes to the record's History as `event` says, and into the daily counts.
 */
async function changeFinding(
  db: Db,
  person: Person,
  id: string,
  update: (rules: readonly RuleId[]) => RawBuilder<Changed>,
  notInState: 'finding_not_open' | 'finding_not_accepted',
  event: (done: Changed) => FindingEvent,
): Promise<ChangeOutcome> {
  const rules = seenBy(person);
  return db.transaction().execute(async (trx) => {
    const { rows } = await update(rules).execute(trx);
    const done = rows[0];
    if (!done) return { ok: false, code: (await readFinding(trx, id, rules)) ? notInState : 'finding_not_found' };
    await writeFindings(trx, done.rule, [event(done)], actorOf(person.userId, person.email));
    await keepDailyCounts(trx, [done.rule]);
    return { ok: true, finding: findingView((await readFinding(trx, id, rules))!) };
  });
}

/**
 * Accepts an open finding as an exception: who, when, why, until when, and the values it was accepted with (an
 * evaluation that finds other values reopens it). Recorded in the record's History in the same transaction.
 */
export function acceptFinding(
  db: Db,
  person: Person,
  id: string,
  input: { reason: string; expiresAt?: string | null },
): Promise<ChangeOutcome> {
  return changeFinding(
    db,
    person,
    id,
    (rules) => sql<Changed>`
      update attention_finding f set accepted_at = now(), accepted_by = ${person.userId},
        accepted_by_email = ${person.email}, accepted_reason = ${input.reason},
        accepted_until = ${input.expiresAt ?? null}::timestamptz, accepted_hash = f.offending_hash
      where f.id = ${id}::bigint and f.rule = any(${rules}::text[]) and ${OPEN}
      returning f.rule, f.record_id, f.offending`,
    'finding_not_open',
    (done) => ({
      recordId: done.record_id,
      action: 'accepted',
      values: done.offending,
      reason: input.reason,
      until: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    }),
  );
}

/** Withdraws an acceptance: the finding is open again (and counted), and its record's History says who reopened it. */
export function reopenFinding(db: Db, person: Person, id: string): Promise<ChangeOutcome> {
  return changeFinding(
    db,
    person,
    id,
    (rules) => sql<Changed>`
      update attention_finding f set accepted_at = null, accepted_by = null, accepted_by_email = null,
        accepted_reason = null, accepted_until = null, accepted_hash = null
      where f.id = ${id}::bigint and f.rule = any(${rules}::text[]) and f.resolved_at is null and f.accepted_at is not null
      returning f.rule, f.record_id, f.offending`,
    'finding_not_accepted',
    (done) => ({ recordId: done.record_id, action: 'reopened', values: done.offending }),
  );
}
