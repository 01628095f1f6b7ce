import type { en } from '@/messages/en';
import type { Locale } from './locale';

export { LOCALES, type Locale } from './locale';

export type Messages = typeof en;

/** Loads only the catalogue asked for: a request in one language never parses the other. */
export async function messagesFor(locale: Locale): Promise<Messages> {
  if (locale === 'zh-TW') return (await import('@/messages/zh-TW')).zhTW;
  return (await import('@/messages/en')).en;
}
