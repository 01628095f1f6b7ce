'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { accountActions, type SettingsActionState } from '@/lib/contract/console/accounts';
import { completePasswordReset } from '@/lib/server/accounts';
import { getAuth } from '@/lib/server/auth';
import { runAction } from '@/lib/server/console-api';

/** Sets the new password with the one-time link's token, then sends the person to sign in with it. */
export async function completeResetAction(
  _previous: SettingsActionState | null,
  form: FormData,
): Promise<SettingsActionState> {
  const input = { token: String(form.get('token') ?? ''), password: String(form.get('password') ?? '') };
  const answer = await runAction(
    accountActions.completeReset,
    input,
    async ({ input }) => {
      const result = await completePasswordReset(await getAuth(), input.token, input.password);
      if (result.ok) return { ok: true, message: '', at: Date.now() };
      const t = await getTranslations('passwordReset.errors');
      const message = t(
        result.error === 'passwordLength' || result.error === 'resetLinkInvalid' ? result.error : 'failed',
      );
      return {
        ok: false,
        message,
        fields: result.fields?.password ? { password: message } : undefined,
        at: Date.now(),
      };
    },
    {
      refused: async () => ({
        ok: false,
        message: (await getTranslations('passwordReset.errors'))('failed'),
        at: Date.now(),
      }),
    },
  );
  if (answer.ok) redirect('/sign-in?reset=1');
  return answer;
}
