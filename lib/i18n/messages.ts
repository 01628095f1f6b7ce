import { ERROR_MESSAGES } from '@/lib/contract/errors';
import { en } from '@/messages/en';

export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The error sentences are written once, in lib/contract; the catalogue takes them from there. */
export function messagesFor(_locale: Locale) {
  return { ...en, errors: ERROR_MESSAGES };
}
