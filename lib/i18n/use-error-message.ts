import { useTranslations } from 'next-intl';
import { catalogueCode } from './error-messages';

/** The sentence for an error code in the person's language (messages/<locale>/errors.json, keyed by code). */
export function useErrorMessage(): (code: string) => string {
  const t = useTranslations('errors');
  const fallback = useTranslations('errorFallback');
  return (code) => {
    const key = catalogueCode(code, (c) => t.has(c));
    return key ? t(key) : fallback('unknown', { code });
  };
}
