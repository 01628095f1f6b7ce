import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Role } from '@/lib/contract/roles';
import { requiredByDefault, twoFactorPolicy, type SecondFactorState } from '@/lib/contract/two-factor';
import type { ConsoleDatabase } from '../db';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { amrSatisfiesSecondFactor } from './second-factor';

/** The deployment's two-factor mode: demo mode, and whether admins are required when no admin has chosen. */
export type TwoFactorMode = { demoMode: boolean; adminsByDefault?: boolean };

export type SecondFactorSubject = {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The identity provider's `amr` of an SSO sign-in, when the session carries one. */
  amr?: readonly string[] | null;
};

/** Demo mode keeps the one-step sign-in of its three demo accounts, whatever an admin requires. */
function exempt(email: string, demoMode: boolean): boolean {
  return demoMode && DEMO_ACCOUNTS.some((account) => account.email === email.toLowerCase());
}

/**
 * What a session still owes: the console's own check, so no sign-in path (password, passkey, SSO) skips it. A
 * session counts as proven when its sign-in gave a code, a backup code or a passkey (second_factor_session), or
 * when the identity provider said it asked for more than a password (`amr`). One read.
 */
export async function secondFactorState(
  db: Kysely<ConsoleDatabase>,
  subject: SecondFactorSubject,
  mode: TwoFactorMode,
): Promise<SecondFactorState> {
  if (exempt(subject.email, mode.demoMode) || amrSatisfiesSecondFactor(subject.amr)) return 'ok';
  const { rows } = await sql<{ required: boolean; proven: boolean; has_factor: boolean }>`
    select
      coalesce((select required from two_factor_policy where role = ${subject.role}),
        ${requiredByDefault(subject.role, mode.demoMode, mode.adminsByDefault)}) as required,
      exists (select 1 from second_factor_session where session_id = ${subject.sessionId}) as proven,
      (exists (select 1 from "twoFactor" where "userId" = ${subject.userId} and verified is not false)
        or exists (select 1 from passkey where "userId" = ${subject.userId})) as has_factor
  `.execute(db);
  const row = rows[0];
  if (!row?.required || row.proven) return 'ok';
  return row.has_factor ? 'verify' : 'enrol';
}

/** Marks a session as proven by a second factor (after a code, a backup code or a passkey). */
export async function markSecondFactor(db: Kysely<ConsoleDatabase>, sessionId: string, method: string) {
  await sql`
    insert into second_factor_session (session_id, method) values (${sessionId}, ${method})
    on conflict (session_id) do nothing
  `.execute(db);
}

export async function readTwoFactorPolicy(db: Kysely<ConsoleDatabase>, mode: TwoFactorMode) {
  const { rows } = await sql<{ role: string; required: boolean }>`
    select role, required from two_factor_policy
  `.execute(db);
  return twoFactorPolicy(rows, mode.demoMode, mode.adminsByDefault);
}

export async function writeTwoFactorPolicy(
  db: Kysely<ConsoleDatabase>,
  role: Role,
  required: boolean,
  by: string,
): Promise<void> {
  await sql`
    insert into two_factor_policy (role, required, updated_by) values (${role}, ${required}, ${by})
    on conflict (role) do update set required = excluded.required, updated_at = now(), updated_by = excluded.updated_by
  `.execute(db);
}

/** An SSO session's `amr` as stored (an array, or a JSON or space-separated text), read leniently. */
export function amrOf(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value !== 'string' || value === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return amrOf(parsed);
  } catch {
    // Not JSON: a plain list.
  }
  return value.split(/[\s,]+/).filter(Boolean);
}

export type SecondFactors = {
  authenticator: boolean;
  passkeys: Array<{ id: string; name: string | null; createdAt: string | null }>;
};

/** An account's second factors, for Settings: the authenticator app (verified) and its passkeys. */
export async function secondFactorsOf(db: Kysely<ConsoleDatabase>, userId: string): Promise<SecondFactors> {
  const [app, keys] = await Promise.all([
    sql<{ on: boolean }>`
      select exists (select 1 from "twoFactor" where "userId" = ${userId} and verified is not false) as on
    `.execute(db),
    sql<{ id: string; name: string | null; createdAt: Date | string | null }>`
      select id, name, "createdAt" from passkey where "userId" = ${userId} order by "createdAt"
    `.execute(db),
  ]);
  return {
    authenticator: Boolean(app.rows[0]?.on),
    passkeys: keys.rows.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt ? new Date(k.createdAt).toISOString() : null,
    })),
  };
}
