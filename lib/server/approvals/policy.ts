import 'server-only';
import { sql, type Kysely } from 'kysely';
import { approvalPolicy, type ApprovalPolicy } from '@/lib/contract/approval-policy';
import type { ConsoleDatabase } from '../db';

export interface PolicyInForce {
  /** The saved version in force; null when none was saved and the start's default applies. */
  version: number | null;
  policy: ApprovalPolicy;
  savedAt: string | null;
  savedByEmail: string | null;
}

/** The newest saved policy of the tenant, or `fallback` (the demo's policy in demo mode, none elsewhere). */
export async function policyInForce(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  fallback: ApprovalPolicy,
): Promise<PolicyInForce> {
  const { rows } = await sql<{ version: number; policy: unknown; saved_at: Date; saved_by_email: string }>`
    select version, policy, saved_at, saved_by_email from approval_policy
    where tenant = ${tenant} order by version desc limit 1
  `.execute(db);
  const row = rows[0];
  if (!row) return { version: null, policy: fallback, savedAt: null, savedByEmail: null };
  // A stored version that no longer parses (a field added since) falls back rather than stopping every quota edit.
  const parsed = approvalPolicy.safeParse(row.policy);
  return {
    version: row.version,
    policy: parsed.success ? parsed.data : fallback,
    savedAt: new Date(row.saved_at).toISOString(),
    savedByEmail: row.saved_by_email,
  };
}

/** Saves a new version (versions are never edited in place, so a proposal's version keeps its meaning). */
export async function savePolicy(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  policy: ApprovalPolicy,
  by: { id: string; email: string },
): Promise<number> {
  const valid = approvalPolicy.parse(policy);
  const { rows } = await sql<{ version: number }>`
    insert into approval_policy (tenant, policy, saved_by, saved_by_email)
    values (${tenant}, ${JSON.stringify(valid)}::jsonb, ${by.id}, ${by.email})
    returning version
  `.execute(db);
  return rows[0]!.version;
}
