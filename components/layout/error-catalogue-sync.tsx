'use client';

import { useLocale, useMessages, useTimeZone } from 'next-intl';
import { setBrowserErrorCatalogue } from '@/lib/i18n/error-messages';

/**
 * Hands the page's error sentences to code outside React (ApiError builds its sentence when a request fails),
 * so an error reads in the person's language, with times in the page's format and zone. Idempotent, so it may run during render.
 */
export function ErrorCatalogueSync() {
  const messages = useMessages() as { errors: Record<string, string>; errorFallback: Record<string, string> };
  const locale = useLocale();
  const timeZone = useTimeZone();
  setBrowserErrorCatalogue({ errors: messages.errors, errorFallback: messages.errorFallback, locale, timeZone });
  return null;
}
