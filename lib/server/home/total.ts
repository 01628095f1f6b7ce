import 'server-only';
import type { Kysely } from 'kysely';
import { can, isRole } from '@/lib/contract/roles';
import type { ConsoleDatabase } from '../db';
import { readTotal } from '../attention';
import { waitingFor } from '../approvals';
import { openTotal } from '../sync';

export interface AttentionPerson {
  id: string;
  role: string;
}

/**
 * The navigation's "Needs attention" count: everything the person can act on, not the findings alone. The open
 * findings their role sees; for those who fix the ERP's rows (runImports), the rows its sync could not apply; for
 * approvers, the proposals waiting for them (others' only: nobody decides their own). Each is the home's card's
 * own figure, so the count and the cards add up.
 */
export async function needsAttentionTotal(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  person: AttentionPerson,
): Promise<number> {
  const role = isRole(person.role) ? person.role : null;
  const [findings, rejections, waiting] = await Promise.all([
    readTotal(db, person.role),
    role && can(role, 'runImports') ? openTotal(db) : 0,
    role && can(role, 'approveQuota') ? waitingFor(db, tenant, person.id).then((w) => w.count) : 0,
  ]);
  return findings + rejections + waiting;
}
