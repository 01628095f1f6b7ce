import { auditApi } from '@/lib/contract/console/audit';
import { csvFileName } from '@/lib/files/csv-write';
import { auditFiltersFrom } from '@/lib/server/audit';
import { auditCsv, auditXlsx, streamOf } from '@/lib/server/audit';
import { consoleRoute } from '@/lib/server/console-api';
import { requestTimeZoneOf } from '@/lib/server/preferences/request';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';

export const dynamic = 'force-dynamic';

/**
 * The audit log (`kind=audit`, admins) or the change records (`kind=history`, optionally of one record:
 * `type` and `id`) as CSV, or as an Excel workbook with `format=xlsx`, for the days `from`..`to` (both included, in the person's time zone; without
 * them, everything). Who may read which is the contract's (lib/contract/console/audit.ts).
 */
export const GET = consoleRoute(auditApi.export, async ({ request, query, consoleDb }) => {
  const { kind } = query;
  const zone = requestTimeZoneOf(request);
  const record = query.type && query.id ? { type: query.type, id: query.id } : undefined;
  const filters = auditFiltersFrom({ from: query.from, to: query.to }, zone);
  const range = { from: filters.from ?? new Date(0), to: filters.to ?? new Date(), record };
  const base = kind === 'audit' ? 'audit-log' : record ? `history-${record.type}-${record.id}` : 'history';
  const db = await consoleDb();
  if (query.format === 'xlsx') {
    const body = streamOf(auditXlsx(db, kind, range, { timeZone: zone }));
    return new Response(body, {
      headers: {
        ...SAFE_RESPONSE_HEADERS,
        'Content-Type': XLSX_TYPE,
        'Content-Disposition': `attachment; filename="${csvFileName(base, new Date(), 'xlsx')}"`,
      },
    });
  }
  const body = auditCsv(db, kind, range).pipeThrough(new TextEncoderStream());
  return new Response(body, {
    headers: {
      ...SAFE_RESPONSE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(base)}"`,
    },
  });
});
