import { useTranslations } from 'next-intl';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps over the header and navigation. */
export function SkipLink() {
  const t = useTranslations('shell');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-blue-800 focus:shadow-lg focus:outline-2 focus:outline-blue-600 dark:focus:bg-zinc-900 dark:focus:text-blue-200"
    >
      {t('skipToContent')}
    </a>
  );
}
