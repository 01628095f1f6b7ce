import { ROLES, type Role } from './roles';

/**
 * Two-factor rules shared by the server's session check, Settings and the screens (issue 45).
 *
 * A session's second-factor state: `ok` (nothing owed), `enrol` (the role requires a second factor and the
 * account has none: enrolment first), `verify` (the account has one, but this session's sign-in did not prove it).
 */
export type SecondFactorState = 'ok' | 'enrol' | 'verify';

/** Backup codes handed out at enrolment, each good once. */
export const BACKUP_CODE_COUNT = 10;

/**
 * The characters of a backup code: digits and capitals without those read or typed as one another (I, l, 1, O, 0;
 * no lower case at all), so a code copied by hand from paper works. Ten of them, about 49 bits, shown as two groups
 * of five (`K7M4P-Q9XWR`); what is typed is read in capitals.
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BACKUP_CODE_LENGTH = 10;

/** A typed backup code as it was handed out: capitals, spaces dropped. */
export const normaliseBackupCode = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/**
 * A wrong code counts as this many wrong passwords toward the account's pause: a six-digit code is a far smaller
 * space than a password, so five wrong codes pause the account (the sixth try is refused) where ten passwords do.
 */
export const SECOND_FACTOR_FAILURE_WEIGHT = 2;

/**
 * Who must have a second factor when no admin has chosen: admins, except in demo mode or where the deployment turned
 * that default off (AUTH_TWO_FACTOR_ADMINS=off).
 */
export function requiredByDefault(role: Role, demoMode: boolean, adminsByDefault = true): boolean {
  return role === 'admin' && !demoMode && adminsByDefault;
}

/** The requirement of every role: the admin's choices over the defaults. */
export function twoFactorPolicy(
  chosen: ReadonlyArray<{ role: string; required: boolean }>,
  demoMode: boolean,
  adminsByDefault = true,
): Record<Role, boolean> {
  return Object.fromEntries(
    ROLES.map((role) => [
      role,
      chosen.find((c) => c.role === role)?.required ?? requiredByDefault(role, demoMode, adminsByDefault),
    ]),
  ) as Record<Role, boolean>;
}

/** Where a session that owes a second factor is sent: enrolment or the code, and nothing else. */
export const SECOND_FACTOR_PATH = '/two-factor';
