import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Salesperson } from '@/lib/contract/salespeople';
import type { ConsoleDatabase } from '../../db';
import { listSalespeople, type UpstreamClient } from '../../upstream';

type Db = Kysely<ConsoleDatabase>;

/** The roles some company's salesperson has, in the mirror's copy (empty while it holds no company). */
export async function salesRoleIds(db: Db): Promise<Set<number>> {
  const { rows } = await sql<{ role_id: string | number }>`
    select distinct u.role_id from mirror_company c
    join mirror_internal_user u on u.id = c.internal_user_id and u.vanished_at is null
    where c.vanished_at is null and u.role_id is not null`.execute(db);
  return new Set(rows.map((r) => Number(r.role_id)));
}

/**
 * The back-office users as pickers show them, each saying whether their role sells. A mirror that cannot be read
 * only loses that distinction (every role but an administrator's then sells), never the list.
 */
export async function readSalespeople(
  db: Db,
  upstream: Pick<UpstreamClient, 'listAll'>,
  signal?: AbortSignal,
): Promise<Salesperson[]> {
  const roles = await salesRoleIds(db).catch(() => new Set<number>());
  return listSalespeople(upstream, signal, roles);
}
