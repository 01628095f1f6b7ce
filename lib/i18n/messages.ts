import { en } from '@/messages/en';

export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];

export function messagesFor(_locale: Locale) {
  return en;
}
