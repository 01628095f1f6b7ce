'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import type { ActionRefusal } from '@/lib/contract/console/action';
import { accountActions, type SettingsActionState } from '@/lib/contract/console/accounts';
import {
  changeRole,
  createAccount,
  setDisabled,
  type AccountErrorCode,
  type AccountResult,
} from '@/lib/server/accounts';
import { ROLES, type Role } from '@/lib/contract/roles';
import { auditSecurityEvent, getAuth, readTwoFactorPolicy, writeTwoFactorPolicy } from '@/lib/server/auth';
import { CLIENT_ADDRESS_HEADER } from '@/lib/server/http';
import type { CurrentUser } from '@/lib/server/auth/request';
import { runAction, serverContext } from '@/lib/server/console-api';

export type { SettingsActionState } from '@/lib/contract/console/accounts';

async function toState(result: AccountResult<unknown>, success: string): Promise<SettingsActionState> {
  const t = await getTranslations('settings.errors');
  if (result.ok) {
    revalidatePath('/settings');
    return { ok: true, message: success, at: Date.now() };
  }
  const fields = result.fields
    ? Object.fromEntries(Object.entries(result.fields).map(([field, code]) => [field, t(code)]))
    : undefined;
  return { ok: false, message: t(result.error), fields, at: Date.now() };
}

/** The wrapper's refusal in the settings catalogue's words (an input that is not even text reads as failed). */
function refused({ error }: ActionRefusal): Promise<SettingsActionState> {
  const code: AccountErrorCode = error === 'unauthenticated' || error === 'forbidden' ? error : 'failed';
  return toState({ ok: false, error: code }, '');
}

// Every action reads the session and role itself (the wrapper, then lib/server/accounts again); the page
// hiding a control is not a permission check.
async function deps(user: CurrentUser) {
  const [auth, db, requestHeaders] = await Promise.all([getAuth(), serverContext().consoleDb(), headers()]);
  return { deps: { auth, db }, actor: user, requestHeaders };
}

type AccountChange = (typeof accountActions)['create' | 'changeRole' | 'setDisabled'];

/**
 * A change to a console account: run by the action wrapper with the account service's parts (`change`), and
 * answered in the settings catalogue's words, `done` saying what a change that went through did.
 */
function accountAction<A extends AccountChange, V>(
  entry: A,
  rawInput: unknown,
  change: (c: Awaited<ReturnType<typeof deps>>, input: z.output<A['input']>) => Promise<AccountResult<V>>,
  done: (input: z.output<A['input']>, value: V) => Promise<string>,
): Promise<SettingsActionState> {
  return runAction(
    entry,
    rawInput,
    async ({ user, input }) => {
      // Every account change needs manageAccounts, so the wrapper has refused anyone signed out already.
      if (!user) return refused({ error: 'unauthenticated' });
      const result = await change(await deps(user), input);
      return toState(result, result.ok ? await done(input, result.value) : '');
    },
    { refused },
  );
}

export async function createAccountAction(
  _prev: SettingsActionState | null,
  form: FormData,
): Promise<SettingsActionState> {
  const input = Object.fromEntries(
    ['email', 'name', 'role', 'password'].map((key) => [key, String(form.get(key) ?? '')]),
  );
  return accountAction(
    accountActions.create,
    input,
    (c, input) => createAccount(c.deps, c.requestHeaders, c.actor, input),
    async (_input, account) => (await getTranslations('settings'))('created', { email: account.email }),
  );
}

export async function changeRoleAction(userId: string, name: string, role: string): Promise<SettingsActionState> {
  return accountAction(
    accountActions.changeRole,
    { userId, name, role },
    (c, input) => changeRole(c.deps, c.requestHeaders, c.actor, input.userId, input.role),
    async (input) => {
      const t = await getTranslations();
      return t('settings.roleChanged', { name: input.name, role: t(`roles.${input.role as Role}`) });
    },
  );
}

export async function setDisabledAction(userId: string, name: string, disabled: boolean): Promise<SettingsActionState> {
  return accountAction(
    accountActions.setDisabled,
    { userId, name, disabled },
    (c, input) => setDisabled(c.deps, c.requestHeaders, c.actor, input.userId, input.disabled),
    async (input) =>
      (await getTranslations('settings'))(input.disabled ? 'disabledDone' : 'enabledDone', { name: input.name }),
  );
}

/** Saves which roles must have a second factor; each role whose requirement changed goes to the audit log. */
export async function saveTwoFactorPolicyAction(required: Record<Role, boolean>): Promise<SettingsActionState> {
  return runAction(
    accountActions.twoFactorPolicy,
    required,
    async ({ user, input, env }): Promise<SettingsActionState> => {
      const [db, requestHeaders, t] = await Promise.all([
        serverContext().consoleDb(),
        headers(),
        getTranslations('twoFactor'),
      ]);
      const before = await readTwoFactorPolicy(db, {
        demoMode: env.demoMode,
        adminsByDefault: env.auth.twoFactorAdmins,
      });
      const address = requestHeaders.get(CLIENT_ADDRESS_HEADER);
      for (const role of ROLES) {
        if (before[role] === input[role]) continue;
        await writeTwoFactorPolicy(db, role, input[role], user.email);
        const event = `two-factor-policy (${role} ${input[role] ? 'on' : 'off'})` as const;
        await auditSecurityEvent(db, { userId: user.id, email: user.email }, event, role, address);
      }
      revalidatePath('/settings');
      return { ok: true, message: t('policySaved'), at: Date.now() };
    },
    { refused },
  );
}
