import { useTranslations } from 'next-intl';

/**
 * The marks that join words into a sentence, in the page's language: English "a, b; c: d", Chinese "a、b；c：d".
 * Code that joins labels or clauses uses these rather than ASCII marks, so a Chinese sentence stays full-width.
 */
export function useSeparators() {
  const t = useTranslations('ui');
  return {
    /** Between the items of a list of words (field names, kinds). */
    list: t('listSeparator'),
    /** Between clauses that could each be a sentence. */
    clause: t('clauseSeparator'),
    /** A label before what it introduces, its colon and space included. */
    labelled: (label: string) => t('labelled', { label }),
  };
}
