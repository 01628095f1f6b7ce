import { auditApi } from '@/lib/contract/console/audit';
import { csvFileName } from '@/lib/files/csv-write';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from '@/lib/i18n/time-zone';
import { auditFiltersFrom } from '@/lib/server/audit';
import { auditCsv, auditXlsx, streamOf } from '@/lib/server/audit';
import { consoleRoute } from '@/lib/server/console-api';
import { getConsoleDb } from '@/lib/server/process';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';

export const dynamic = 'force-dynamic';

/**
 * The audit log (`kind=audit`, admins) or the change records (`kind=history`, optionally of one record:
 * `type` and `id`) as CSV, or as an Excel workbook with `format=xlsx`, for the days `from`..`to` (both included, in the person's time zone; without
 * them, everything). Who may read which is the contract's (lib/contract/console/audit.ts).
 */
/** The person's time zone, as the pages read it (lib/server/preferences/intl-request.ts): the browser's cookie, else the default. */
function timeZoneOf(request: Request): string {
  const cookie = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '')?.[1];
  return validTimeZone(cookie ? decodeURIComponent(cookie) : null) ?? DEFAULT_TIME_ZONE;
}

export const GET = consoleRoute(auditApi.export, async ({ request, query }) => {
  const { kind } = query;
  const record = query.type && query.id ? { type: query.type, id: query.id } : undefined;
  const filters = auditFiltersFrom({ from: query.from, to: query.to }, timeZoneOf(request));
  const range = { from: filters.from ?? new Date(0), to: filters.to ?? new Date(), record };
  const base = kind === 'audit' ? 'audit-log' : record ? `history-${record.type}-${record.id}` : 'history';
  const db = await getConsoleDb();
  if (query.format === 'xlsx') {
    const body = streamOf(auditXlsx(db, kind, range));
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
