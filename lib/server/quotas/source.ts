import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { MirrorFreshness } from '@/lib/contract/console/list-read';
import type { ConsoleDatabase } from '../db';
import { getEnv } from '../env';
import { currentTenant } from '../process';
import { mirrorReadiness } from '../mirror';
import type { QuotaSource } from './dashboard';

/**
 * Where the Quotas page reads its rows: the mirror's quota copy once it is complete for this upstream (MIRROR
 * on), with how fresh it is; otherwise the snapshot its refresh job keeps, as before the mirror.
 */
export async function quotaSource(
  db: Kysely<ConsoleDatabase>,
): Promise<{ source: QuotaSource; freshness: MirrorFreshness | null }> {
  const { mirror } = getEnv();
  if (!mirror.enabled) return { source: 'snapshot', freshness: null };
  const readiness = await mirrorReadiness(db, 'quotas', { tenant: currentTenant(), intervalMs: mirror.intervalMs });
  return readiness.usable
    ? { source: 'mirror', freshness: readiness.freshness }
    : { source: 'snapshot', freshness: null };
}

/**
 * Companies' names for an edit's preview (the quota records carry only the code): from the mirror's company copy
 * when the mirror is on, else from the snapshot (the mirror on with no snapshot left the names empty).
 */
export async function companyNames(
  db: Kysely<ConsoleDatabase>,
  tenant: string,
  ids: readonly number[],
  fromMirror: boolean,
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  if (fromMirror) {
    const { rows } = await sql<{ id: string; name: string | null }>`
      select id::text as id, name from mirror_company where id = any(${[...ids]}::bigint[])`.execute(db);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }
  const rows = await db
    .selectFrom('quota_snapshot')
    .select(['company_id', 'company_name'])
    .where('tenant', '=', tenant)
    .where('company_id', 'in', ids.map(String))
    .execute();
  return new Map(rows.map((r) => [Number(r.company_id), r.company_name]));
}
