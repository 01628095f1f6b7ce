import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from '@/lib/i18n/locale';
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
