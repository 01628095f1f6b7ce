import { getRequestConfig } from 'next-intl/server';
import { messagesFor } from './messages';

// English is the only catalogue today; a zh-TW catalogue is added beside en without touching components.
export default getRequestConfig(async () => {
  const locale = 'en';
  return { locale, messages: messagesFor(locale), timeZone: 'Asia/Taipei' };
});
