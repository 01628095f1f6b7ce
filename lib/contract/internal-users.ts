import { z } from 'zod';
import { charLength, longId, nullableStrings, text, texts } from './fields';
import { INTERNAL_USER_OPERATIONS } from './operations';
import { INTERNAL_USER_FILTERS } from './lists';
import { INTERNAL_USER_LIMITS, INTERNAL_USER_STATUS } from './values';
export { INTERNAL_USER_OPERATIONS };
export { INTERNAL_USER_FILTERS };
export { INTERNAL_USER_LIMITS, INTERNAL_USER_STATUS };

/**
 * The platform's back-office users (contract §3 and master-data-api.md "States and transitions"). Role
 * existence, account uniqueness and the last active administrator need the database; their codes are in
 * ./errors. Passwords are write-only. There is no batch: create and update answer `{ id }`.
 */

/** Status is case-insensitive on input; this gives the stored spelling or null when it is neither value. */
export function normaliseUserStatus(value: string): 'Active' | 'Inactive' | null {
  const lower = value.trim().toLowerCase();
  return lower === 'active' ? 'Active' : lower === 'inactive' ? 'Inactive' : null;
}

const L = INTERNAL_USER_LIMITS;
const isPassword = (s: string) => s.length >= L.passwordMin && s.length <= L.passwordMax;

const userStatus = text().refine((s) => normaliseUserStatus(s) !== null, { error: 'invalid_status' });
const password = text().refine(isPassword, { error: 'invalid_password' });

export const internalUserUpdate = z.object({
  ...texts(L, ['name', 'email']),
  password: password.nullish(),
  roleId: longId.nullish(),
  status: userStatus.nullish(),
  ...texts(L, ['outerSysCode']),
});
export type InternalUserUpdate = z.infer<typeof internalUserUpdate>;

export const internalUserCreateShape = z.object({
  account: text().nullish(),
  name: text().nullish(),
  email: text().nullish(),
  password: text().nullish(),
  roleId: longId.nullish(),
  status: text().nullish(),
  outerSysCode: text().nullish(),
});
export type InternalUserCreate = z.infer<typeof internalUserCreateShape>;

/**
 * contract.md §3 fixes the order of the create errors (every *_required before any *_too_long), which a
 * per-field schema cannot express; so creation is checked here, once, for the form and the service.
 * Returns the codes in that order; the service answers the first. Role existence and account uniqueness
 * need the database and come after these.
 */
export function internalUserCreateErrors(input: InternalUserCreate): string[] {
  const errors: string[] = [];
  const blank = (v: string | null | undefined) => v == null || v.trim() === '';
  if (blank(input.account)) errors.push('account_required');
  if (blank(input.name)) errors.push('name_required');
  if (blank(input.email)) errors.push('email_required');
  if (input.password == null || input.password === '') errors.push('password_required');
  const long = (v: string | null | undefined, max: number) => v != null && charLength(v) > max;
  if (long(input.account, L.account)) errors.push('account_too_long');
  if (long(input.name, L.name)) errors.push('name_too_long');
  if (long(input.email, L.email)) errors.push('email_too_long');
  if (long(input.outerSysCode, L.outerSysCode)) errors.push('outer_sys_code_too_long');
  if (input.password != null && input.password !== '' && !isPassword(input.password)) errors.push('invalid_password');
  if (input.roleId == null) errors.push('invalid_role_id');
  if (input.status != null && normaliseUserStatus(input.status) === null) errors.push('invalid_status');
  return errors;
}

export const internalUser = z.object({
  id: z.number(),
  ...nullableStrings('account', 'name', 'email'),
  roleId: z.number(),
  ...nullableStrings('status', 'outerSysCode'),
});
export type InternalUser = z.infer<typeof internalUser>;
