import { createTranslator } from 'next-intl';
import { describeIssue } from '@/lib/csv/describe';
import { csvFileName, toCsv, type CsvColumn } from '@/lib/csv/export';
import { errorMessage } from '@/lib/i18n/error-messages';
import { messagesFor } from '@/lib/i18n/messages';
import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api/route';
import { requestLocale } from '@/lib/server/locale';
import { importStatus, listRows, type RowView } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/** The results as CSV: the file's own columns, then line, status, id and errors (formula guard by toCsv). */
export const GET = consoleRoute(importsApi.results, async ({ params, fail }) => {
  const { id } = params;
  const status = await importStatus(id);
  if (!status) return fail('import_not_found');
  // Headers and statuses in the language the person reads the console in.
  const locale = await requestLocale();
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'imports' });
  const rows: RowView[] = [];
  for (let after = -1; ; ) {
    const page = await listRows(id, { afterRowNo: after, limit: 10_000 });
    rows.push(...page);
    if (page.length < 10_000) break;
    after = page[page.length - 1]!.rowNo;
  }
  const headers = status.import.headers;
  const issues = (row: RowView) =>
    row.errors.map((e) => describeIssue(e, { own: (code, p) => t(`issues.${code}`, p), service: errorMessage, field: (f) => f })).join(' | ');
  const columns: CsvColumn<RowView>[] = [
    ...headers.map((header, i) => ({ header, value: (row: RowView) => row.cells[i] ?? '' })),
    { header: t('results.line'), value: (row) => row.line },
    { header: t('results.status'), value: (row) => t(`status.${row.status}`) },
    { header: t('results.recordId'), value: (row) => row.recordId },
    { header: t('results.errors'), value: issues },
  ];
  const name = csvFileName(`import-${id}-results`);
  return new Response(toCsv(rows, columns), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
