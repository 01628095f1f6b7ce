'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { changeRole, createAccount, setDisabled, type AccountResult } from '@/lib/server/accounts';
import { getAuth } from '@/lib/server/auth/auth';
import { getConsoleDb } from '@/lib/server/db';
import { getCurrentUser } from '@/lib/server/auth/session';

/** What the settings forms show: a sentence for a toast or alert, and sentences next to fields. */
export type SettingsActionState = {
  ok: boolean;
  message: string;
  fields?: Partial<Record<'email' | 'name' | 'role' | 'password', string>>;
  /** Changes on every submit so the form can react to a repeated identical outcome. */
  at: number;
};

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

// Every action reads the session and role itself; the page hiding a control is not a permission check.
async function context() {
  const requestHeaders = await headers();
  const [auth, actor, db] = await Promise.all([getAuth(), getCurrentUser(requestHeaders), getConsoleDb()]);
  return { deps: { auth, db }, actor, requestHeaders };
}

export async function createAccountAction(_prev: SettingsActionState | null, form: FormData): Promise<SettingsActionState> {
  const { deps, actor, requestHeaders } = await context();
  const input = {
    email: String(form.get('email') ?? ''),
    name: String(form.get('name') ?? ''),
    role: String(form.get('role') ?? ''),
    password: String(form.get('password') ?? ''),
  };
  const result = await createAccount(deps, requestHeaders, actor, input);
  const t = await getTranslations('settings');
  return toState(result, result.ok ? t('created', { email: result.value.email }) : '');
}

export async function changeRoleAction(userId: string, name: string, role: string): Promise<SettingsActionState> {
  const { deps, actor, requestHeaders } = await context();
  const result = await changeRole(deps, requestHeaders, actor, userId, role);
  const t = await getTranslations();
  const roleName = result.ok ? t(`roles.${role as 'viewer' | 'steward' | 'admin'}`) : '';
  return toState(result, result.ok ? t('settings.roleChanged', { name, role: roleName }) : '');
}

export async function setDisabledAction(userId: string, name: string, disabled: boolean): Promise<SettingsActionState> {
  const { deps, actor, requestHeaders } = await context();
  const result = await setDisabled(deps, requestHeaders, actor, userId, disabled);
  const t = await getTranslations('settings');
  return toState(result, result.ok ? t(disabled ? 'disabledDone' : 'enabledDone', { name }) : '');
}
