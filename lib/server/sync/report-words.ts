import 'server-only';
import { catalogueRejectionWords, causeSentence } from '@/lib/i18n/rejection-words';
import { REPORT_COLUMNS, type ReportColumn, type ReportWords } from './report';

type Values = Record<string, string | number>;

/**
 * The report's words from the reader's whole catalogue (`text` and `has` take full keys): headers, causes in the
 * page's sentences, kinds of record and states in words (never `skus` or `open`), times in `timeZone`.
 */
export function reportWords(
  text: (key: string, values?: Values) => string,
  has: (key: string) => boolean,
  timeZone: string,
): ReportWords {
  const words = catalogueRejectionWords(text, has);
  const { t } = words;
  return {
    headers: Object.fromEntries(REPORT_COLUMNS.map((c) => [c, t(`reportHeaders.${c}`)])) as Record<
      ReportColumn,
      string
    >,
    cause: (_family, error) => causeSentence(words, error),
    family: (family) => (has(`imports.families.${family}`) ? text(`imports.families.${family}`) : family),
    state: (r) => (r.closed_how ? t(`closed.${r.closed_how}`, { note: r.close_note ?? '' }) : t('closed.open')),
    timeZone,
    zoneHeader: (header, zone) => text('dataTable.headerWithZone', { header, zone }),
  };
}
