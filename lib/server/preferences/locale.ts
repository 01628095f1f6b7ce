import 'server-only';
import { parseCookies } from 'better-auth/cookies';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { localeFromAcceptLanguage } from '@/lib/i18n/accept-language';
import { isLocale, LOCALE_COOKIE, type Locale } from '@/lib/i18n/locale';
import { getCurrentUser } from '../auth/request';
import { requestPreferences } from './preferences';

/**
 * The language of this request: the signed-in account's saved choice, else the one chosen in this browser
 * (cookie, e.g. on the sign-in page), else the browser's Accept-Language.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [source, jar] = await Promise.all([headers(), cookies()]);
  const user = await getCurrentUser();
  const saved = user ? (await requestPreferences(user.id)).locale : null;
  return chosenLocale(saved, jar.get(LOCALE_COOKIE)?.value, source.get('accept-language'));
});

/** The same choice in a route handler that has its request and signed-in user at hand. */
export async function requestLocaleOf(request: Request, userId: string): Promise<Locale> {
  const { locale } = await requestPreferences(userId);
  return chosenLocale(
    locale,
    parseCookies(request.headers.get('cookie') ?? '').get(LOCALE_COOKIE),
    request.headers.get('accept-language'),
  );
}

function chosenLocale(saved: Locale | null, inBrowser: string | undefined, acceptLanguage: string | null): Locale {
  if (saved) return saved;
  if (isLocale(inBrowser)) return inBrowser;
  return localeFromAcceptLanguage(acceptLanguage);
}

const YEAR = 60 * 60 * 24 * 365;

/** Remembers a language in this browser, so pages without an account (sign-in) speak it. Actions only. */
export async function rememberLocaleInBrowser(locale: Locale): Promise<void> {
  (await cookies()).set(LOCALE_COOKIE, locale, { path: '/', maxAge: YEAR, sameSite: 'lax', httpOnly: true });
}
