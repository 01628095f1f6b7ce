'use client';

import { useMessages } from 'next-intl';
import { setBrowserErrorCatalogue } from '@/lib/i18n/error-messages';

/**
 * Hands the page's error sentences to code outside React (ApiError builds its sentence when a request fails),
 * so an error reads in the person's language. Idempotent, so it may run during render.
 */
export function ErrorCatalogueSync() {
  const messages = useMessages() as { errors: Record<string, string>; errorFallback: Record<string, string> };
  setBrowserErrorCatalogue({ errors: messages.errors, errorFallback: messages.errorFallback });
  return null;
}
