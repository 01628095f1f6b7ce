'use client';

import { NextIntlClientProvider, useLocale, useMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';

/**
 * Adds namespaces to the messages of the provider above (a plain NextIntlClientProvider replaces them), so each
 * layout sends only what its own pages add. Formats, time zone and the rest are inherited from that provider.
 */
export function MessagesScope({ messages, children }: { messages: Record<string, unknown>; children: ReactNode }) {
  const locale = useLocale();
  const parent = useMessages();
  const merged = useMemo(() => ({ ...parent, ...messages }), [parent, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged as typeof parent}>
      {children}
    </NextIntlClientProvider>
  );
}
