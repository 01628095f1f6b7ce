import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ATTENTION_RULES,
  fixHref,
  recordHref,
  type AttentionResource,
  type Checked,
  type Finding,
  type FindingState,
  type FindingValues,
  type RuleId,
} from '@/lib/contract/attention';
import type { ConsoleDatabase } from '../db';
import { OPEN } from './evaluate';

type Db = Kysely<ConsoleDatabase>;

/** Where a finding's record is named (code and name), by resource. */
const NAMED_BY: Record<AttentionResource, RawBuilder<unknown>> = {
  skus: sql`(select m.code, m.name from mirror_sku m where m.id = f.record_id::bigint)`,
  bundles: sql`(select m.code, m.name from mirror_bundle m where m.id = f.record_id::bigint)`,
  products: sql`(select m.code, m.name from mirror_product m where m.id = f.record_id::bigint)`,
  companies: sql`(select m.code, m.name from mirror_company m where m.id = f.record_id::bigint)`,
  imports: sql`(select m.family as code, m.file_name as name from import m where m.id = f.record_id::bigint)`,
};

/** The mirror's entity whose passes keep a resource current (imports are the console's own). */
const ENTITY_OF: Record<AttentionResource, string | null> = {
  skus: 'skus',
  bundles: 'bundles',
  products: 'products',
  companies: 'companies',
  imports: null,
};

const TABLE_OF: Record<AttentionResource, string | null> = {
  skus: 'mirror_sku',
  bundles: 'mirror_bundle',
  products: 'mirror_product',
  companies: 'mirror_company',
  imports: null,
};

export const STATE_WHERE: Record<FindingState, RawBuilder<unknown>> = {
  open: OPEN,
  accepted: sql`f.resolved_at is null and f.accepted_at is not null and (f.accepted_until is null or f.accepted_until > now())`,
  resolved: sql`f.resolved_at is not null`,
};

export interface FindingRow {
  id: string;
  rule: RuleId;
  record_id: string;
  offending: FindingValues;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  resolved_at: Date | string | null;
  accepted_by_email: string | null;
  accepted_at: Date | string | null;
  accepted_reason: string | null;
  accepted_until: Date | string | null;
  code: string | null;
  name: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The columns a finding's view reads; `f` is attention_finding, `r` the record's code and name. */
export const FINDING_COLUMNS = sql`f.id::text as id, f.rule, f.record_id, f.offending, f.first_seen_at, f.last_seen_at,
  f.resolved_at, f.accepted_by_email, f.accepted_at, f.accepted_reason, f.accepted_until, r.code, r.name`;

export function namedBy(resource: AttentionResource): RawBuilder<unknown> {
  return NAMED_BY[resource];
}

export function findingView(row: FindingRow): Finding {
  const rule = ATTENTION_RULES[row.rule];
  const acceptedNow =
    row.resolved_at === null &&
    row.accepted_at !== null &&
    (row.accepted_until === null || new Date(row.accepted_until).getTime() > Date.now());
  return {
    id: row.id,
    rule: row.rule,
    record: {
      resource: rule.resource,
      id: row.record_id,
      code: row.code,
      name: row.name,
      href: recordHref(rule.resource, row.record_id),
    },
    values: row.offending,
    firstSeenAt: iso(row.first_seen_at),
    lastSeenAt: iso(row.last_seen_at),
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
    state: row.resolved_at !== null ? 'resolved' : acceptedNow ? 'accepted' : 'open',
    accepted:
      row.accepted_at === null
        ? null
        : {
            by: row.accepted_by_email ?? '',
            at: iso(row.accepted_at),
            reason: row.accepted_reason ?? '',
            expiresAt: row.accepted_until === null ? null : iso(row.accepted_until),
          },
    fix: { kind: rule.fix, href: fixHref(row.rule, row.record_id, row.offending) },
  };
}

/**
 * What was checked for each resource: how many records the mirror holds (its status counts, one indexed read) and
 * when the rules last covered them: the later of the last full evaluation and the last pass of the entity (each
 * pass evaluates what it changed). Null until a full evaluation ran.
 */
export async function readChecked(db: Db, resources: readonly AttentionResource[]): Promise<Checked[]> {
  const { rows } = await sql<{ resource: AttentionResource; records: string; evaluated_at: Date | string | null }>`
    select r.resource,
      coalesce(case when r.tbl is null then (select count(*) from import)
        else (select sum(n) from mirror_status_count c where c.tbl = r.tbl) end, 0)::text as records,
      case when a.evaluated_at is null then null else greatest(a.evaluated_at, m.last_pass_finished_at) end as evaluated_at
    from json_to_recordset(${JSON.stringify(resources.map((resource) => ({ resource, tbl: TABLE_OF[resource], entity: ENTITY_OF[resource] })))}::json)
      as r(resource text, tbl text, entity text)
    left join attention_state a on a.resource = r.resource
    left join mirror_state m on m.entity = r.entity`.execute(db);
  return rows.map((r) => ({
    resource: r.resource,
    records: Number(r.records),
    evaluatedAt: r.evaluated_at === null ? null : iso(r.evaluated_at),
  }));
}

/** Values that hold another record's id, and where that record's code and name are read. */
const REFERENCES: Record<string, RawBuilder<unknown>> = {
  internalUserId: sql`select id::text as id, code, name from mirror_internal_user where id = any(`,
  productCategoryId: sql`select id::text as id, null as code, name from mirror_product_category where id = any(`,
};

/**
 * A finding names the records it points at ("Salesperson: 王小明 E0003", not "Salesperson: 10"): each id among its
 * values is replaced by `{ id, code, name }` from the mirror, read here rather than stored so that a renamed
 * person reads under their new name. An id the mirror does not hold stays a number (shown as "#10").
 */
export async function nameReferences(db: Db, findings: Finding[]): Promise<Finding[]> {
  const named = new Map<string, Map<string, { code: string | null; name: string | null }>>();
  await Promise.all(
    Object.entries(REFERENCES).map(async ([field, query]) => {
      const ids = [...new Set(findings.map((f) => f.values[field]).filter((v) => typeof v === 'number'))];
      if (ids.length === 0) return;
      const { rows } = await sql<{
        id: string;
        code: string | null;
        name: string | null;
      }>`${query}${ids.map(String)}::bigint[])`.execute(db);
      named.set(field, new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }])));
    }),
  );
  if (named.size === 0) return findings;
  return findings.map((f) => {
    const values = { ...f.values };
    for (const [field, byId] of named) {
      const id = values[field];
      const ref = typeof id === 'number' ? byId.get(String(id)) : undefined;
      if (ref) values[field] = { id: id as number, code: ref.code, name: ref.name };
    }
    return { ...f, values };
  });
}
