/**
 * Roles of the platform's back-office users (internal users). /v1 has no roles endpoint, so their names and
 * which of them are administrators come from the console's configuration (CONSOLE_ROLES) or, in embedded
 * mode, from the seed. Not to be confused with the console's own roles (./roles.ts).
 */
export interface UserRole {
  id: number;
  name: string;
  isAdmin: boolean;
}

/** Where the role names came from; `none` means every role reads "Role #id" and no role is known to be admin. */
export type UserRoleSource = 'config' | 'seed' | 'none';

export interface UserRoleDirectory {
  roles: UserRole[];
  source: UserRoleSource;
}

export const USER_ROLE_NAME_MAX = 100;
/** The suffix that marks an administrator role in CONSOLE_ROLES: `1=System administrator:admin`. */
export const ADMIN_ROLE_SUFFIX = ':admin';

/**
 * Parses CONSOLE_ROLES, `1=System administrator:admin,2=Sales`: comma-separated `id=name`, an administrator
 * role marked with `:admin`. Returns the roles, or a sentence saying what is wrong.
 */
export function parseUserRoles(text: string): { roles: UserRole[] } | { error: string } {
  const roles: UserRole[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = /^(\d{1,15})\s*=\s*(.+)$/.exec(entry);
    if (!match)
      return {
        error: `"${entry}" is not of the form id=name (for example 1=System administrator${ADMIN_ROLE_SUFFIX},2=Sales).`,
      };
    const id = Number(match[1]);
    let name = match[2]!.trim();
    const isAdmin = name.toLowerCase().endsWith(ADMIN_ROLE_SUFFIX);
    if (isAdmin) name = name.slice(0, -ADMIN_ROLE_SUFFIX.length).trim();
    if (id < 1) return { error: `role id ${match[1]} must be a positive whole number.` };
    if (name === '') return { error: `role ${id} has no name.` };
    if (name.length > USER_ROLE_NAME_MAX)
      return { error: `the name of role ${id} is longer than ${USER_ROLE_NAME_MAX} characters.` };
    if (roles.some((r) => r.id === id)) return { error: `role id ${id} is listed twice.` };
    roles.push({ id, name, isAdmin });
  }
  if (roles.length === 0) return { error: 'lists no role; leave it unset to show roles by number.' };
  return { roles };
}

interface UserState {
  id: number;
  roleId: number;
  status: string | null;
}

function isActiveAdmin(user: { roleId: number; status: string | null }, admins: Set<number>): boolean {
  return user.status === 'Active' && admins.has(user.roleId);
}

/**
 * Would this change leave the tenant without an active administrator (the service then refuses it with 409
 * last_active_admin)? `null` when the console cannot tell: no role is known to be an administrator.
 * `users` must be every user of the tenant.
 */
export function leavesNoActiveAdmin(
  users: readonly UserState[],
  roles: readonly UserRole[],
  change: { id: number; roleId?: number; status?: 'Active' | 'Inactive' },
): boolean | null {
  const admins = new Set(roles.filter((r) => r.isAdmin).map((r) => r.id));
  if (admins.size === 0) return null;
  const target = users.find((u) => u.id === change.id);
  if (!target || !isActiveAdmin(target, admins)) return false;
  const after = { roleId: change.roleId ?? target.roleId, status: change.status ?? target.status };
  if (isActiveAdmin(after, admins)) return false;
  return !users.some((u) => u.id !== change.id && isActiveAdmin(u, admins));
}
