import { csvFileName, toCsv } from '@/lib/files/csv-write';
import { toXlsx, XLSX_TYPE } from '@/lib/files/xlsx-write';
import { resultColumns } from '@/lib/imports/results-file';
import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { requestLocale } from '@/lib/server/preferences/request';
import { importStatus, listRows, type RowView } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/**
 * The results (lib/imports/results-file): as CSV (formula guard by toCsv), or with `?format=xlsx` as an Excel
 * workbook (the file's columns typed by their mapping, ids as Text cells, columns as wide as their values).
 */
export const GET = consoleRoute(importsApi.results, async ({ params, query, fail }) => {
  const { id } = params;
  const status = await importStatus(id);
  if (!status) return fail('import_not_found');
  // Headers and statuses in the language the person reads the console in.
  const locale = await requestLocale();
  const rows: RowView[] = [];
  for (let after = -1; ;) {
    const page = await listRows(id, { afterRowNo: after, limit: 10_000 });
    rows.push(...page);
    if (page.length < 10_000) break;
    after = page[page.length - 1]!.rowNo;
  }
  const xlsx = query.format === 'xlsx';
  const columns = resultColumns(locale, status.import, xlsx);
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
