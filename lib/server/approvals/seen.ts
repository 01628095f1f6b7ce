import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** Proposals that are still deciding: nothing for their author to see yet. */
const UNDECIDED = sql`('open', 'sending')`;

/**
 * The author's decided proposals they have not seen yet, newest decision first (by id): shown at the top of their
 * home, and on the company's page, until they mark them seen. A withdrawn one is the author's own act: never news.
 */
export async function unseenDecisions(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  authorId: string,
  companyId?: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text from quota_proposal
    where tenant = ${tenant} and proposed_by = ${authorId} and proposer_seen_at is null
      and state not in ${UNDECIDED} and state <> 'withdrawn'
      ${companyId === undefined ? sql`` : sql`and company_id = ${companyId}`}
    order by decided_at desc nulls last, id desc`.execute(db);
  return rows.map((r) => r.id);
}

/** The author has seen these decisions (only their own, only decided ones). Returns how many were marked. */
export async function markDecisionsSeen(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  authorId: string,
  ids: readonly string[],
): Promise<number> {
  if (!ids.length) return 0;
  const result = await sql`
    update quota_proposal set proposer_seen_at = now()
    where tenant = ${tenant} and proposed_by = ${authorId} and proposer_seen_at is null
      and state not in ${UNDECIDED} and id = any(${[...ids]}::bigint[])`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
