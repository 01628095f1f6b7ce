import { z } from 'zod';
import { action } from './action';
import { json, none } from './endpoint';

/**
 * The console's own sign-in accounts (Settings, admins) and one's own session: server actions. The account
 * rules (e-mail, name, password length) are checked in lib/server/accounts, which words each field.
 */

/** What the settings forms show: a sentence for a toast or alert, and sentences next to fields. */
export type SettingsActionState = {
  ok: boolean;
  message: string;
  fields?: Partial<Record<'email' | 'name' | 'role' | 'password', string>>;
  /** Changes on every submit so the form can react to a repeated identical outcome. */
  at: number;
};

const text = z.string().max(1000);

export const accountActions = {
  create: action({
    name: 'accounts.create',
    permission: 'manageAccounts',
    input: z.object({ email: text, name: text, role: text, password: text }),
    answer: json<SettingsActionState>(),
    // Recorded with the account's e-mail and role by lib/server/accounts.
    audit: 'domain',
  }),
  changeRole: action({
    name: 'accounts.changeRole',
    permission: 'manageAccounts',
    input: z.object({ userId: text, name: text, role: text }),
    answer: json<SettingsActionState>(),
    audit: 'domain',
  }),
  setDisabled: action({
    name: 'accounts.setDisabled',
    permission: 'manageAccounts',
    input: z.object({ userId: text, name: text, disabled: z.boolean() }),
    answer: json<SettingsActionState>(),
    audit: 'domain',
  }),
  /** Which roles must have a second factor (issue 45); recorded per role by lib/server/auth. */
  twoFactorPolicy: action({
    name: 'accounts.twoFactorPolicy',
    permission: 'manageAccounts',
    input: z.object({ viewer: z.boolean(), steward: z.boolean(), manager: z.boolean(), admin: z.boolean() }),
    answer: json<SettingsActionState>(),
    audit: 'domain',
  }),
  /**
   * Ends sessions: one (`sessionId`) or all but the acting one (null) of `userId`. Each person their own,
   * an admin anyone's (lib/server/accounts checks which).
   */
  endSessions: action({
    name: 'accounts.endSessions',
    permission: 'useConsole',
    input: z.object({ userId: text, sessionId: text.nullable() }),
    answer: json<SettingsActionState>(),
    audit: 'domain',
  }),
  /** An admin's one-time password reset link for a colleague; every session of theirs ends. */
  resetPassword: action({
    name: 'accounts.resetPassword',
    permission: 'manageAccounts',
    input: z.object({ userId: text }),
    answer: json<SettingsActionState & { link?: { url: string; until: string } }>(),
    audit: 'domain',
  }),
  /** The colleague's side of the reset link: signed out, with the link's token. */
  completeReset: action({
    name: 'accounts.completeReset',
    permission: null,
    input: z.object({ token: text, password: text }),
    answer: json<SettingsActionState>(),
    audit: 'none',
  }),
  /** Ends one's own session; anyone may (a session already gone is the outcome asked for). */
  signOut: action({ name: 'accounts.signOut', permission: null, input: z.object({}), answer: none(), audit: 'none' }),
};
