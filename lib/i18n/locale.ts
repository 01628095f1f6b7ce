import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

/** The console's languages. English is the source catalogue; zh-TW mirrors every key (catalogue-parity.test.ts). */
export const LOCALES = ['en', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Remembers the choice in this browser (the sign-in page, before the account's saved choice is known). */
export const LOCALE_COOKIE = 'console-locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The value of `<html lang>`: zh-Hant-TW names the script, so screen readers and fonts pick Traditional
 * Chinese rather than guessing from the region.
 */
export function htmlLang(locale: Locale): string {
  return locale === 'zh-TW' ? 'zh-Hant-TW' : 'en';
}

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
