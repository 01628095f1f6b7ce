import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import type { Locale } from './locale';

export { LOCALES, type Locale } from './locale';

export type Messages = typeof en;

const CATALOGUES: Record<Locale, Messages> = { en, 'zh-TW': zhTW };

/** A whole catalogue, for server code outside a page render (CSV files a route handler writes). */
export function messagesFor(locale: Locale): Messages {
  return CATALOGUES[locale];
}

/** Loads only the catalogue asked for: a page render in one language never parses the other. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'zh-TW') return (await import('@/messages/zh-TW')).zhTW;
  return (await import('@/messages/en')).en;
}
