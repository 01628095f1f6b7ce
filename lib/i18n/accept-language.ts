import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locale';

// Apart from ./locale so the browser's bundles (the language switch) do not carry the header parsers.
/**
 * The browser's preferred language among ours. Any Chinese that is not explicitly Simplified (zh-TW, zh-HK,
 * zh-Hant, bare zh) reads best in zh-TW here: the data itself is Traditional Chinese.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const requested = new Negotiator({ headers: { 'accept-language': header } })
    .languages()
    .filter((tag) => tag !== '*')
    .map((tag) => (/^zh(-(hk|mo|hant.*))?$/i.test(tag) ? 'zh-TW' : tag));
  try {
    const found = match(requested, [...LOCALES], DEFAULT_LOCALE);
    return isLocale(found) ? found : DEFAULT_LOCALE;
  } catch {
    // A malformed tag in the header: the default rather than an error page.
    return DEFAULT_LOCALE;
  }
}
