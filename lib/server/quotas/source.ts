import 'server-only';
import type { Kysely } from 'kysely';
import type { MirrorFreshness } from '@/lib/contract/console/list-read';
import type { ConsoleDatabase } from '../db/types';
import { getEnv } from '../env';
import { currentTenant } from '../jobs';
import { mirrorReadiness } from '../mirror/freshness';
import type { QuotaSource } from './dashboard';

/**
 * Where the Quotas page reads its rows: the mirror's quota copy once it is complete for this upstream (MIRROR
 * on), with how fresh it is; otherwise the snapshot its refresh job keeps, as before the mirror.
 */
export async function quotaSource(db: Kysely<ConsoleDatabase>): Promise<{ source: QuotaSource; freshness: MirrorFreshness | null }> {
  const { mirror } = getEnv();
  if (!mirror.enabled) return { source: 'snapshot', freshness: null };
  const readiness = await mirrorReadiness(db, 'quotas', { tenant: currentTenant(), intervalMs: mirror.intervalMs });
  return readiness.usable ? { source: 'mirror', freshness: readiness.freshness } : { source: 'snapshot', freshness: null };
}
