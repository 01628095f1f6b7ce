import { createTranslator } from 'next-intl';
import { describeIssue } from '@/lib/imports/describe';
import { csvFileName, toCsv } from '@/lib/files/csv-write';
import { ownColumns } from '@/lib/imports/import-xlsx';
import { toXlsx, XLSX_TYPE, type XlsxColumn } from '@/lib/files/xlsx-write';
import { catalogueIssueWords } from '@/lib/imports/issue-words';
import { messagesFor } from '@/lib/i18n/messages';
import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { requestLocale } from '@/lib/server/preferences/request';
import { importStatus, listRows, type RowView } from '@/lib/server/imports';
import { rowWord } from '@/lib/client/imports/result-words';

export const dynamic = 'force-dynamic';

/**
 * The results: the file's own columns, then line, status, id, errors and what the comparison with live data
 * predicted (with the page's "Predicted to succeed, refused" where the service refused such a row); as CSV (formula guard by toCsv), or
 * with `?format=xlsx` as an Excel workbook (the file's columns typed by their mapping, ids as Text cells).
 */
export const GET = consoleRoute(importsApi.results, async ({ params, query, fail }) => {
  const { id } = params;
  const status = await importStatus(id);
  if (!status) return fail('import_not_found');
  // Headers and statuses in the language the person reads the console in.
  const locale = await requestLocale();
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'imports' });
  const rows: RowView[] = [];
  for (let after = -1; ;) {
    const page = await listRows(id, { afterRowNo: after, limit: 10_000 });
    rows.push(...page);
    if (page.length < 10_000) break;
    after = page[page.length - 1]!.rowNo;
  }
  const headers = status.import.headers;
  const all = createTranslator({ locale, messages: messagesFor(locale) });
  // The cast: the catalogue's keys are typed, but an issue's key is built from its code at run time; `has` guards it.
  const words = catalogueIssueWords(
    (key, values) => all(key as 'errors.not_found', values as never),
    (key) => all.has(key as 'errors.not_found'),
  );
  const issues = (row: RowView) => row.errors.map((e) => describeIssue(e, words)).join(' | ');
  const tw = createTranslator({ locale, messages: messagesFor(locale), namespace: 'workbench' });
  const predictedText = (row: RowView) =>
    !row.predicted
      ? ''
      : row.status === 'failed'
        ? `${tw(`compareKinds.${row.predicted}`)} (${t('mispredicted')})`
        : tw(`compareKinds.${row.predicted}`);
  const xlsx = query.format === 'xlsx';
  const own: XlsxColumn<RowView>[] = xlsx
    ? ownColumns<RowView>(headers, status.import.mapping, (row) => row.cells)
    : headers.map((header, i) => ({ header, value: (row: RowView) => row.cells[i] ?? '' }));
  const columns: XlsxColumn<RowView>[] = [
    ...own,
    { header: t('results.line'), value: (row) => row.line, kind: 'number' },
    { header: t('results.status'), value: (row) => all(`resultWords.${rowWord(row.status, row.predicted)}`) },
    { header: t('results.recordId'), value: (row) => row.recordId },
    { header: t('results.errors'), value: issues },
    { header: t('results.predicted'), value: predictedText },
  ];
  const name = csvFileName(`import-${id}-results`, new Date(), xlsx ? 'xlsx' : 'csv');
  const body = xlsx ? ((await toXlsx(rows, columns, 'results')) as BodyInit) : toCsv(rows, columns);
  return new Response(body, {
    headers: {
      'content-type': xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
