import { useTranslations } from 'next-intl';

/** The sentence for an error code in the person's language (messages/<locale>/errors.json, keyed by code). */
export function useErrorMessage(): (code: string) => string {
  const t = useTranslations('errors');
  const fallback = useTranslations('errorFallback');
  return (code) => (t.has(code) ? t(code) : fallback('unknown', { code }));
}
