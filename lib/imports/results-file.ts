import { createTranslator } from 'next-intl';
import type { RowView } from '@/lib/contract/console/imports';
import { resultWord } from '@/lib/contract/result-words';
import type { XlsxColumn } from '@/lib/files/xlsx-write';
import { messagesFor, type Locale } from '@/lib/i18n/messages';
import { describeIssue } from './describe';
import { ownColumns } from './import-xlsx';
import { catalogueIssueWords } from './issue-words';

/**
 * An import's results as a download: the file's own columns (typed by their mapping in a workbook, so it imports
 * back as is), then line, status, id, errors and what the comparison with live data predicted (with the page's
 * "Predicted to succeed, refused" where the service refused such a row), in the reader's language.
 */
export function resultColumns(
  locale: Locale,
  file: { headers: readonly string[]; mapping: readonly (string | null)[] },
  xlsx: boolean,
): XlsxColumn<RowView>[] {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'imports' });
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
  const own: XlsxColumn<RowView>[] = xlsx
    ? ownColumns<RowView>(file.headers, file.mapping, (row) => row.cells)
    : file.headers.map((header, i) => ({ header, value: (row: RowView) => row.cells[i] ?? '' }));
  return [
    ...own,
    { header: t('results.line'), value: (row) => row.line, kind: 'number' },
    { header: t('results.status'), value: (row) => all(`resultWords.${resultWord(row.status, row.predicted)}`) },
    { header: t('results.recordId'), value: (row) => row.recordId },
    { header: t('results.errors'), value: issues },
    { header: t('results.predicted'), value: predictedText },
  ];
}
