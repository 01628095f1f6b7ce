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
