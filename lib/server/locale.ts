import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { localeFromAcceptLanguage } from '@/lib/i18n/accept-language';
import { isLocale, LOCALE_COOKIE, type Locale } from '@/lib/i18n/locale';
import { getCurrentUser } from './auth/session';
import { requestPreferences } from './preferences';

/**
 * The language of this request: the signed-in account's saved choice, else the one chosen in this browser
 * (cookie, e.g. on the sign-in page), else the browser's Accept-Language.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [source, jar] = await Promise.all([headers(), cookies()]);
  const user = await getCurrentUser();
  if (user) {
    const { locale } = await requestPreferences(user.id);
    if (locale) return locale;
  }
  const chosen = jar.get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(source.get('accept-language'));
});

const YEAR = 60 * 60 * 24 * 365;

/** Remembers a language in this browser, so pages without an account (sign-in) speak it. Actions only. */
export async function rememberLocaleInBrowser(locale: Locale): Promise<void> {
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: YEAR, sameSite: 'lax', httpOnly: true });
}
