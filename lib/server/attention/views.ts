import 'server-only';
import { sql, type Kysely } from 'kysely';
import {
  ATTENTION_RULES,
  DAILY_COUNTS_KEPT_DAYS,
  SEVERITIES,
  TREND_DAYS,
  rulesSeenBy,
  ruleSeenBy,
  type AttentionCard,
  type AttentionResource,
  type AttentionSummary,
  type FindingState,
  type FindingsPage,
  type RecordFindings,
  type RuleId,
} from '@/lib/contract/attention';
import { can, isRole, type Role } from '@/lib/contract/roles';
import type { ConsoleDatabase } from '../db';
import { OPEN } from './evaluate';
import {
  FINDING_COLUMNS,
  findingView,
  namedBy,
  nameReferences,
  readChecked,
  STATE_WHERE,
  type FindingRow,
} from './reads';

type Db = Kysely<ConsoleDatabase>;

/** An unknown role sees what a viewer sees. */
const roleOf = (role: string): Role => (isRole(role) ? role : 'viewer');

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The last TREND_DAYS UTC days, oldest first. */
function trendDays(now: Date): string[] {
  return Array.from({ length: TREND_DAYS }, (_, i) =>
    dayOf(new Date(now.getTime() - (TREND_DAYS - 1 - i) * 86_400_000)),
  );
}

/** Open counts of rules, in one grouped read over the unresolved findings. */
export async function openCounts(db: Db, rules: readonly RuleId[]): Promise<Map<RuleId, number>> {
  const { rows } = await sql<{ rule: RuleId; n: number }>`
    select f.rule, count(*)::int as n from attention_finding f
    where f.rule = any(${[...rules]}::text[]) and ${OPEN} group by f.rule`.execute(db);
  return new Map(rows.map((r) => [r.rule, r.n]));
}

/**
 * A person's home: one card per rule their role sees with open findings, most severe first and then the most
 * findings; each with its last 7 days (today's count is the count now) and what its resource's check covered.
 */
export async function readSummary(db: Db, role: string, now = new Date()): Promise<AttentionSummary> {
  const seen = rulesSeenBy(roleOf(role));
  const days = trendDays(now);
  const resources = [...new Set(seen.map((r) => ATTENTION_RULES[r].resource))];
  const [counts, daily, checked] = await Promise.all([
    openCounts(db, seen),
    // Back as far as counts are kept: a day without a row (nothing changed that day) carries the day before's.
    sql<{ rule: RuleId; day: string; count: number }>`
      select rule, to_char(day, 'YYYY-MM-DD') as day, count from attention_daily
      where rule = any(${seen}::text[]) and day >= ${days[0]}::date - ${DAILY_COUNTS_KEPT_DAYS}::int
      order by day`.execute(db),
    readChecked(db, resources),
  ]);
  const trendOf = (rule: RuleId, count: number) => {
    const rows = daily.rows.filter((r) => r.rule === rule);
    return days.map((day, i) => ({
      day,
      count: i === days.length - 1 ? count : (rows.findLast((r) => r.day <= day)?.count ?? 0),
    }));
  };
  const checkedOf = new Map(checked.map((c) => [c.resource, c]));
  const cards: AttentionCard[] = seen
    .filter((rule) => (counts.get(rule) ?? 0) > 0)
    .map((rule) => {
      const { severity, resource } = ATTENTION_RULES[rule];
      const count = counts.get(rule) ?? 0;
      return {
        rule,
        severity,
        resource,
        count,
        trend: trendOf(rule, count),
        checked: checkedOf.get(resource)!,
      };
    })
    .sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || b.count - a.count);
  return {
    cards,
    total: cards.reduce((sum, c) => sum + c.count, 0),
    checked,
    mayAccept: can(roleOf(role), 'editMasterData'),
  };
}

/** The navigation's count: open findings of the rules the role sees. */
export async function readTotal(db: Db, role: string): Promise<number> {
  const counts = await openCounts(db, rulesSeenBy(roleOf(role)));
  return [...counts.values()].reduce((a, b) => a + b, 0);
}

/** A rule's findings in a state, newest first (resolved: most recently resolved first); null: the role does not see it. */
export async function readFindings(
  db: Db,
  role: string,
  rule: RuleId,
  options: { state?: FindingState; page?: number; pageSize?: number },
): Promise<FindingsPage | null> {
  if (!ruleSeenBy(rule, roleOf(role))) return null;
  const state = options.state ?? 'open';
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 25;
  const resource = ATTENTION_RULES[rule].resource;
  const order = state === 'resolved' ? sql`f.resolved_at desc, f.id desc` : sql`f.first_seen_at desc, f.id desc`;
  const where = sql`f.rule = ${rule} and ${STATE_WHERE[state]}`;
  const [rows, total, checked] = await Promise.all([
    sql<FindingRow>`
      select ${FINDING_COLUMNS} from attention_finding f left join lateral ${namedBy(resource)} r on true
      where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from attention_finding f where ${where}`.execute(db),
    readChecked(db, [resource]),
  ]);
  return {
    rule,
    state,
    rows: await nameReferences(db, rows.rows.map(findingView)),
    total: total.rows[0]?.n ?? 0,
    page,
    pageSize,
    checked: checked[0]!,
    mayAccept: can(roleOf(role), 'editMasterData'),
  };
}

/** A record's unresolved findings (open and accepted) of the rules the role sees, most severe first. */
export async function readRecordFindings(
  db: Db,
  role: string,
  resource: AttentionResource,
  recordId: string,
): Promise<RecordFindings> {
  const rules = rulesSeenBy(roleOf(role)).filter((r) => ATTENTION_RULES[r].resource === resource);
  const { rows } = await sql<FindingRow>`
    select ${FINDING_COLUMNS} from attention_finding f left join lateral ${namedBy(resource)} r on true
    where f.record_id = ${recordId} and f.rule = any(${rules}::text[]) and f.resolved_at is null`.execute(db);
  const findings = (await nameReferences(db, rows.map(findingView))).sort(
    (a, b) =>
      SEVERITIES.indexOf(ATTENTION_RULES[a.rule].severity) - SEVERITIES.indexOf(ATTENTION_RULES[b.rule].severity),
  );
  return { rows: findings, mayAccept: can(roleOf(role), 'editMasterData') };
}
