import { createTranslator } from 'next-intl';
import { describeIssue } from '@/lib/imports/describe';
import { isEncoding } from '@/lib/files/encoding';
import { errorFileBytes, errorFileXlsx } from '@/lib/imports/error-file';
import { DELIMITERS, type Delimiter } from '@/lib/files/csv-parse';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';
import { catalogueIssueWords } from '@/lib/imports/issue-words';
import { messagesFor } from '@/lib/i18n/messages';
import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { requestLocale } from '@/lib/server/preferences/request';
import { errorFileRows, importStatus } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/**
 * "Download error file": the rows that were refused or held back, in the file's own columns, delimiter and
 * encoding, with one error column at the end (lib/imports/error-file.ts); or, with `?format=xlsx`, the same columns as
 * an Excel workbook. Either can be fixed and imported as is.
 */
export const GET = consoleRoute(importsApi.errorFile, async ({ params, query, fail }) => {
  const { id } = params;
  const status = await importStatus(id);
  if (!status) return fail('import_not_found');
  const imp = status.import;
  // The error column in the language the person reads the console in.
  const locale = await requestLocale();
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'imports' });
  const all = createTranslator({ locale, messages: messagesFor(locale) });
  // In the person's language, as the screens say them (the field by its label, not its API name).
  // The cast: the catalogue's keys are typed, but an issue's key is built from its code at run time; `has` guards it.
  const words = catalogueIssueWords(
    (key, values) => all(key as 'errors.not_found', values as never),
    (key) => all.has(key as 'errors.not_found'),
  );
  const rows = (await errorFileRows(id)).map((row) => ({
    cells: row.cells,
    errors: row.errors.map((e) => describeIssue(e, words)).join(' | '),
  }));
  const base = imp.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
  const noStore = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (query.format === 'xlsx') {
    const bytes = await errorFileXlsx({
      headers: imp.headers,
      mapping: imp.mapping,
      errorHeader: t('results.errors'),
      rows,
    });
    return new Response(bytes as BodyInit, {
      headers: {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename="${base}-errors.xlsx"`,
        ...noStore,
      },
    });
  }
  const file = errorFileBytes({
    headers: imp.headers,
    delimiter: (DELIMITERS as readonly string[]).includes(imp.delimiter) ? (imp.delimiter as Delimiter) : ',',
    encoding: isEncoding(imp.encoding) ? imp.encoding : 'utf-8',
    errorHeader: t('results.errors'),
    rows,
  });
  const charset = file.encoding === 'big5' ? 'big5' : file.encoding;
  return new Response(file.bytes as BodyInit, {
    headers: {
      'content-type': `text/csv; charset=${charset}`,
      'content-disposition': `attachment; filename="${base}-errors.csv"`,
      ...noStore,
    },
  });
});
