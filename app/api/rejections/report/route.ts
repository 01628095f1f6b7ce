import { createTranslator } from 'next-intl';
import { rejectionsApi } from '@/lib/contract/console/rejections';
import { csvFileName } from '@/lib/files/csv-write';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';
import { messagesFor } from '@/lib/i18n/messages';
import { consoleRoute } from '@/lib/server/console-api';
import { requestLocale, requestTimeZoneOf } from '@/lib/server/preferences/request';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy';
import { rejectionsReport, reportWords } from '@/lib/server/sync';

export const dynamic = 'force-dynamic';

/**
 * The rejections report for the ERP's team, as CSV or an Excel workbook: the rows the filters select, grouped by
 * cause, one row per error with the ERP's field name and the value it sent there; causes, kinds, states and
 * headers in the reader's language, times in the reader's zone (named in the header).
 */
export const GET = consoleRoute(rejectionsApi.report, async ({ request, query, consoleDb }) => {
  const { format, ...filters } = query;
  const locale = await requestLocale();
  const all = createTranslator({ locale, messages: messagesFor(locale) });
  type Key = Parameters<typeof all>[0];
  const text = (key: string, values?: Record<string, string | number>) => all(key as Key, values);
  const has = (key: string) => all.has(key as Key);
  const words = reportWords(text, has, requestTimeZoneOf(request));
  const body = await rejectionsReport(await consoleDb(), filters, format, words);
  const xlsx = format === 'xlsx';
  return new Response(body as BodyInit, {
    headers: {
      ...SAFE_RESPONSE_HEADERS,
      'Content-Type': xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName('rejections', new Date(), format)}"`,
    },
  });
});
