'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ActionRefusal } from '@/lib/contract/console/action';
import { accountActions, type SettingsActionState } from '@/lib/contract/console/accounts';
import { endSessions, issuePasswordReset, type AccountResult } from '@/lib/server/accounts';
import { getAuth } from '@/lib/server/auth';
import { readSessionId } from '@/lib/server/auth/request';
import { runAction, serverContext } from '@/lib/server/console-api';
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/http';
import { plainSpaces } from '@/lib/i18n/formats';

type SessionErrorCode = 'forbidden' | 'unauthenticated' | 'notYourself' | 'notFound' | 'failed';

async function refusedWith(code: string): Promise<SettingsActionState> {
  const t = await getTranslations('sessions.errors');
  const known: SessionErrorCode[] = ['forbidden', 'unauthenticated', 'notYourself', 'notFound'];
  return {
    ok: false,
    message: t(known.includes(code as SessionErrorCode) ? (code as SessionErrorCode) : 'failed'),
    at: Date.now(),
  };
}

const refused = ({ error }: ActionRefusal) => refusedWith(error);

/** The acting session and the address server.ts proved for this request (for the audit log). */
async function context() {
  const [auth, db, requestHeaders] = await Promise.all([getAuth(), serverContext().consoleDb(), headers()]);
  return {
    auth,
    db,
    currentSessionId: await readSessionId(auth, requestHeaders),
    address: requestHeaders.get(CLIENT_ADDRESS_HEADER),
  };
}

function revalidate(userId: string) {
  revalidatePath('/settings');
  revalidatePath(`/settings/accounts/${userId}`);
}

export async function endSessionsAction(userId: string, sessionId: string | null): Promise<SettingsActionState> {
  return runAction(
    accountActions.endSessions,
    { userId, sessionId },
    async ({ user, input }) => {
      const c = await context();
      const result = await endSessions(c.db, user, input.userId, input.sessionId, c);
      if (!result.ok) return refusedWith(result.error);
      revalidate(input.userId);
      const t = await getTranslations('sessions');
      return { ok: true, message: t('ended', { count: result.value.ended }), at: Date.now() };
    },
    { refused },
  );
}

export async function resetPasswordAction(
  userId: string,
): Promise<SettingsActionState & { link?: { url: string; until: string } }> {
  return runAction(
    accountActions.resetPassword,
    { userId },
    async ({ user, input, env }) => {
      const c = await context();
      const result: AccountResult<{ url: string; expiresAt: Date }> = await issuePasswordReset(
        { auth: c.auth, db: c.db },
        user,
        input.userId,
        { ...c, consoleUrl: env.consoleUrl },
      );
      if (!result.ok) return refusedWith(result.error);
      revalidate(input.userId);
      const format = await getFormatter();
      const until = plainSpaces(format.dateTime(result.value.expiresAt, 'dateTime'));
      return { ok: true, message: '', at: Date.now(), link: { url: result.value.url, until } };
    },
    { refused },
  );
}
