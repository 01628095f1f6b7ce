import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { scopeMessages, type ClientScope } from '@/lib/i18n/client-scopes';
import { MessagesScope } from './messages-scope';

/** A layout's share of the catalogue for the browser (lib/i18n/client-scopes.ts), added to its parents'. */
export async function ClientMessages({ scope, children }: { scope: ClientScope; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return <MessagesScope messages={scopeMessages(messages, scope)}>{children}</MessagesScope>;
}
