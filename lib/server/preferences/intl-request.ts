import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { requestLocale } from '@/lib/server/preferences/locale';
import { formatsFor } from '../../i18n/formats';
import { loadMessages } from '../../i18n/messages';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from '../../i18n/time-zone';

// next-intl's request config (next.config.ts): one catalogue per request, the person's (lib/server/preferences/locale.ts decides which); the other is never loaded.
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  const timeZone = validTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? DEFAULT_TIME_ZONE;
  return { locale, messages: await loadMessages(locale), timeZone, formats: formatsFor(locale) };
});
