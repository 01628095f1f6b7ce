import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { currentTenant } from '@/lib/server/jobs';
import { passesBrowserChecks } from '@/lib/server/proxy/browser-checks';
import { readCreditPage, readPointPage } from '@/lib/server/quotas/dashboard';
import { parseQuotaQuery } from '@/lib/server/quotas/query';

/**
 * Every row of a dashboard's current filter and sort (all pages), for the CSV export: the browser writes the
 * file with the shared export module (lib/csv), as every other export in the console does.
 */
export const dynamic = 'force-dynamic';

const EXPORT_MAX = 50_000;

export async function GET(request: Request): Promise<Response> {
  if (!passesBrowserChecks(request, [getEnv().consoleUrl, new URL(request.url).origin])) {
    return Response.json({ error: 'forbidden' }, { status: 403 });
  }
  if (!(await getCurrentUser(request.headers))) return Response.json({ error: 'unauthorized' }, { status: 401 });
  const url = new URL(request.url);
  const query = parseQuotaQuery(Object.fromEntries(url.searchParams));
  const db = await getConsoleDb();
  const tenant = currentTenant();
  const rows: unknown[] = [];
  for (let page = 1; rows.length < EXPORT_MAX; page++) {
    const q = { ...query, page, pageSize: 1000 };
    const part = query.tab === 'credit' ? await readCreditPage(db, tenant, q) : await readPointPage(db, tenant, q);
    rows.push(...part.rows);
    if (part.rows.length < 1000) break;
  }
  return Response.json({ rows }, { headers: { 'cache-control': 'no-store' } });
}
