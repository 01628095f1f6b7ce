import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { messagesFor } from './messages';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from './time-zone';

// English is the only catalogue today; a zh-TW catalogue is added beside en without touching components.
export default getRequestConfig(async () => {
  const locale = 'en';
  const timeZone = validTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value) ?? DEFAULT_TIME_ZONE;
  return { locale, messages: messagesFor(locale), timeZone };
});
