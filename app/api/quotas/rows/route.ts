import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { quotasApi } from '@/lib/contract/console/quotas';
import { consoleRoute } from '@/lib/server/console-api';
import { readCreditPage, readPointPage } from '@/lib/server/quotas';
import { parseQuotaQuery } from '@/lib/server/quotas';
import { quotaSource } from '@/lib/server/quotas';

/**
 * Every row of a dashboard's current filter and sort (all pages), for the CSV export: the browser writes the
 * file with the shared export module (lib/files), as every other export in the console does.
 */
export const dynamic = 'force-dynamic';

const EXPORT_MAX = 50_000;

export const GET = consoleRoute(quotasApi.rows, async ({ query: raw, consoleDb, tenant }) => {
  const query = parseQuotaQuery(raw);
  const db = await consoleDb();
  const { source } = await quotaSource(db);
  const rows: (CreditRow | PointRow)[] = [];
  for (let page = 1; rows.length < EXPORT_MAX; page++) {
    const q = { ...query, page, pageSize: 1000 };
    const part =
      query.tab === 'credit' ? await readCreditPage(db, tenant, q, source) : await readPointPage(db, tenant, q, source);
    rows.push(...part.rows);
    if (part.rows.length < 1000) break;
  }
  return { rows };
});
