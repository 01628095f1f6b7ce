import { createTranslator } from 'next-intl';
import { rejectionsApi } from '@/lib/contract/console/rejections';
import { csvFileName } from '@/lib/files/csv-write';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';
import { messagesFor } from '@/lib/i18n/messages';
import { causeSentence } from '@/lib/i18n/rejection-words';
import { consoleRoute } from '@/lib/server/console-api';
import { requestLocale } from '@/lib/server/preferences/request';
import { getConsoleDb } from '@/lib/server/process';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy';
import { REPORT_COLUMNS, rejectionsReport, type ReportColumn } from '@/lib/server/rejections';

export const dynamic = 'force-dynamic';

/**
 * The rejections report for the ERP's team, as CSV or an Excel workbook: the rows the filters select, grouped by
 * cause, with the ERP's field names and the values it sent; causes and headers in the reader's language.
 */
export const GET = consoleRoute(rejectionsApi.report, async ({ query }) => {
  const { format, ...filters } = query;
  const locale = await requestLocale();
  const messages = messagesFor(locale);
  const t = createTranslator({ locale, messages, namespace: 'rejections' });
  const errors = createTranslator({ locale, messages, namespace: 'errors' });
  // The casts: an error code from the upstream is a run-time key of the typed catalogue; `has` guards it, and
  // causeSentence takes the rejections namespace's translator, typed by its own keys.
  const errorText = (code: string) => (errors.has(code as never) ? errors(code as never) : code);
  const headers = Object.fromEntries(REPORT_COLUMNS.map((c) => [c, t(`reportHeaders.${c}`)])) as Record<
    ReportColumn,
    string
  >;
  const body = await rejectionsReport(await getConsoleDb(), filters, format, {
    headers,
    // The cast: causeSentence takes the rejections namespace's translator (see above).
    cause: (r, value) => causeSentence(t as never, errorText, { errorCode: r.error_code, field: r.error_field, value }),
  });
  const xlsx = format === 'xlsx';
  return new Response(body as BodyInit, {
    headers: {
      ...SAFE_RESPONSE_HEADERS,
      'Content-Type': xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName('rejections', new Date(), format)}"`,
    },
  });
});
