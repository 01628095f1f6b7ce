import 'server-only';
import { sql, type Kysely } from 'kysely';
import {
  ATTENTION_RULES,
  DAILY_COUNTS_KEPT_DAYS,
  RULE_IDS,
  RULES_VERSION,
  type RuleId,
} from '@/lib/contract/attention';
import type { ConsoleDatabase } from '../db';
import { AFFECTS, rulesReading, type ChangedRecord, type MirroredEntity } from './affects';
import { writeFindings, type FindingAction } from './findings-history';
import { TESTS, type Scope } from './predicates';

type Db = Kysely<ConsoleDatabase>;

/** How many findings a full evaluation may open or resolve before the findings' statistics are refreshed. */
const REANALYZE_AFTER = 1_000;

/** What one evaluation of a rule did. */
export interface RuleOutcome {
  rule: RuleId;
  opened: number;
  resolved: number;
  reopened: number;
}

/** A finding is open (counted, on the home) unless resolved or accepted with an expiry still ahead. */
export const OPEN = sql`f.resolved_at is null and (f.accepted_at is null or f.accepted_until <= now())`;

/**
 * Evaluates one rule over its records in `scope` (null: all), in one statement: findings of records that no
 * longer break it are resolved, those that still do are seen again with their current values (an accepted one
 * whose values changed is reopened), and records newly found get a finding. Then each change goes to the
 * record's History.
 */
export async function evaluateRule(db: Db, rule: RuleId, scope: Scope): Promise<RuleOutcome> {
  if (scope !== null && scope.length === 0) return { rule, opened: 0, resolved: 0, reopened: 0 };
  const inScope = scope === null ? sql`true` : sql`f.record_id = any(${[...scope]}::text[])`;
  const { rows } = await sql<{ record_id: string; offending: Record<string, unknown>; action: FindingAction }>`
    with found as (
      select t.record_id, t.values::jsonb as offending, md5(t.values::text) as hash from (${TESTS[rule](scope)}) t
    ),
    existing as (
      select f.id, f.record_id, f.accepted_at, f.accepted_hash from attention_finding f
      where f.rule = ${rule} and f.resolved_at is null and ${inScope}
    ),
    resolved as (
      update attention_finding f set resolved_at = now() from existing e
      where f.id = e.id and f.resolved_at is null and not exists (select 1 from found h where h.record_id = e.record_id)
      returning f.record_id, f.offending, 'resolved' as action
    ),
    seen as (
      update attention_finding f set last_seen_at = now(), offending = h.offending, offending_hash = h.hash,
        accepted_at = case when e.accepted_hash is distinct from h.hash then null else f.accepted_at end,
        accepted_by = case when e.accepted_hash is distinct from h.hash then null else f.accepted_by end,
        accepted_by_email = case when e.accepted_hash is distinct from h.hash then null else f.accepted_by_email end,
        accepted_reason = case when e.accepted_hash is distinct from h.hash then null else f.accepted_reason end,
        accepted_until = case when e.accepted_hash is distinct from h.hash then null else f.accepted_until end,
        accepted_hash = case when e.accepted_hash is distinct from h.hash then null else f.accepted_hash end
      from existing e join found h on h.record_id = e.record_id
      where f.id = e.id and f.resolved_at is null
      returning f.record_id, f.offending,
        case when e.accepted_at is not null and e.accepted_hash is distinct from h.hash then 'reopened' end as action
    ),
    opened as (
      insert into attention_finding (rule, record_id, offending, offending_hash)
      select ${rule}, h.record_id, h.offending, h.hash from found h
      where not exists (select 1 from existing e where e.record_id = h.record_id)
      on conflict (rule, record_id) where resolved_at is null do nothing
      returning record_id, offending, 'opened' as action
    )
    select record_id, offending, action from resolved
    union all select record_id, offending, action from seen where action is not null
    union all select record_id, offending, action from opened`.execute(db);
  const now = await valuesNow(
    db,
    rule,
    rows.filter((r) => r.action === 'resolved').map((r) => r.record_id),
  );
  await writeFindings(
    db,
    rule,
    rows.map((r) => ({
      recordId: r.record_id,
      action: r.action,
      values: r.offending,
      ...(r.action === 'resolved' ? { now: now.get(r.record_id) ?? {} } : {}),
    })),
  );
  const count = (action: FindingAction) => rows.filter((r) => r.action === action).length;
  return { rule, opened: count('opened'), resolved: count('resolved'), reopened: count('reopened') };
}

/** The mirror's table of each resource a rule reads (imports have no History). */
const MIRROR_TABLE = {
  skus: 'mirror_sku',
  bundles: 'mirror_bundle',
  products: 'mirror_product',
  companies: 'mirror_company',
} as const;

/**
 * What a rule's fields hold now in the mirror, for resolved findings: History says what the fix was ("barcode is
 * now 4710001003967"), not an erasure. Fields the record does not hold (derived ones) are left out.
 */
async function valuesNow(db: Db, rule: RuleId, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const { resource, fields } = ATTENTION_RULES[rule];
  if (ids.length === 0 || resource === 'imports') return new Map();
  const { rows } = await sql<{ id: string; now: Record<string, unknown> | null }>`
    select m.id::text as id, (select jsonb_object_agg(k, m.record->k) from unnest(${[...fields]}::text[]) k
      where m.record ? k) as now
    from ${sql.table(MIRROR_TABLE[resource])} m where m.id = any(${[...ids]}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.now ?? {}]));
}

/** Today's open count of each rule (UTC days), for the home's trend. */
export async function keepDailyCounts(db: Db, rules: readonly RuleId[]): Promise<void> {
  if (rules.length === 0) return;
  await sql`
    insert into attention_daily (rule, day, count)
    select r.rule, (now() at time zone 'utc')::date, count(f.id)::int
    from unnest(${[...rules]}::text[]) as r(rule) left join attention_finding f on f.rule = r.rule and ${OPEN}
    group by r.rule
    on conflict (rule, day) do update set count = excluded.count`.execute(db);
}

async function markEvaluated(db: Db, rules: readonly RuleId[]): Promise<void> {
  const resources = [...new Set(rules.map((r) => ATTENTION_RULES[r].resource))];
  await sql`
    insert into attention_state (resource, evaluated_at) select r, now() from unnest(${resources}::text[]) as r
    on conflict (resource) do update set evaluated_at = excluded.evaluated_at`.execute(db);
}

/**
 * Evaluates the rules a change of these mirrored records may affect, each over the records it may affect (a SKU
 * whose barcode changed: every SKU that shares the old or the new one). Called where the mirror stores changed
 * records (a pass's page, a write-through's read-back), so a fix made in the console resolves its finding before
 * the write's answer goes back.
 */
export async function evaluateChanged(
  db: Db,
  entity: MirroredEntity,
  changed: readonly ChangedRecord[],
): Promise<RuleOutcome[]> {
  if (changed.length === 0) return [];
  const outcomes: RuleOutcome[] = [];
  for (const [rule, affect] of Object.entries(AFFECTS[entity]) as [
    RuleId,
    NonNullable<(typeof AFFECTS)['skus'][RuleId]>,
  ][])
    outcomes.push(await evaluateRule(db, rule, await affect(db, changed)));
  await keepDailyCounts(
    db,
    outcomes.filter((o) => o.opened + o.resolved + o.reopened > 0).map((o) => o.rule),
  );
  return outcomes;
}

/**
 * Evaluates rules over every record: after a sweep (the rules reading the swept entity), when the rules version
 * changed (all), and for the work rule, whose records (imports) no mirror pass reads. Daily counts older than
 * DAILY_COUNTS_KEPT_DAYS go.
 */
export async function evaluateAll(db: Db, rules: readonly RuleId[] = RULE_IDS): Promise<RuleOutcome[]> {
  const outcomes: RuleOutcome[] = [];
  for (const rule of rules) outcomes.push(await evaluateRule(db, rule, null));
  // Many findings opened or resolved at once (a first evaluation) leave the planner's estimates of the table far
  // off, and the next full evaluation's anti-joins then run as nested loops (PGlite has no autovacuum).
  if (outcomes.reduce((n, o) => n + o.opened + o.resolved, 0) > REANALYZE_AFTER)
    await sql`analyze attention_finding`.execute(db);
  await keepDailyCounts(db, rules);
  await markEvaluated(db, rules);
  await sql`delete from attention_daily where day < (now() at time zone 'utc')::date - ${DAILY_COUNTS_KEPT_DAYS}::int`.execute(
    db,
  );
  return outcomes;
}

/** The full evaluation due after a sweep of an entity. */
export async function evaluateAfterSweep(db: Db, entity: MirroredEntity): Promise<RuleOutcome[]> {
  return evaluateAll(db, rulesReading(entity));
}

/**
 * Runs every rule in full once per rules version (a rule added or changed): the first caller to raise the stored
 * version does it. True when this call did.
 */
export async function evaluateNewRules(db: Db): Promise<boolean> {
  await sql`insert into attention_state (resource) values ('*') on conflict do nothing`.execute(db);
  const { rows } = await sql<{ resource: string }>`
    update attention_state set rules_version = ${RULES_VERSION}
    where resource = '*' and rules_version < ${RULES_VERSION} returning resource`.execute(db);
  if (rows.length === 0) return false;
  await evaluateAll(db);
  return true;
}

/** How old the work rule's findings may be before a read of the home evaluates it again (imports have no pass). */
export const WORK_RULE_MAX_AGE_MS = 30_000;

/**
 * Evaluates the work rule (import rows waiting) when its last evaluation is older than WORK_RULE_MAX_AGE_MS: the
 * imports are the console's own tables, which no mirror pass reads, so the home's read keeps them current.
 */
export async function evaluateWorkIfDue(db: Db, maxAgeMs = WORK_RULE_MAX_AGE_MS): Promise<void> {
  const { rows } = await sql<{ due: boolean }>`
    select coalesce((select evaluated_at < now() - make_interval(secs => ${maxAgeMs / 1000}::double precision) from attention_state
      where resource = 'imports'), true) as due`.execute(db);
  if (rows[0]?.due) await evaluateAll(db, ['import-rows-waiting']);
}
