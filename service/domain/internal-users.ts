import { hash } from '@node-rs/argon2';
import {
  internalUserCreateErrors,
  internalUserCreateShape,
  internalUserUpdate,
  normaliseUserStatus,
  type InternalUser,
} from '@/lib/contract';
import { validate } from '../http/batch';
import { ApiError } from '../http/errors';
import type { ListSpec } from '../http/lists';
import { lockCode } from '../http/lookups';
import type { Db, Queryable } from '../store/db';

/**
 * Back-office users (contract §3 and master-data-api.md "States and transitions"). Passwords are stored
 * only as an argon2id hash and never leave the service, in a response or a log line. A deactivation or a
 * role change bumps the user's session epoch: sessions carry the epoch they started under, so every
 * existing session ends at once. The tenant must always keep a loginable administrator (Active, with an
 * isAdmin role): the write that would remove the last one is 409 last_active_admin.
 */

interface UserRow {
  id: number;
  account: string;
  name: string;
  email: string;
  role_id: number;
  status: string;
  outer_sys_code: string;
}

function userResponse(r: UserRow): InternalUser {
  return {
    id: r.id,
    account: r.account,
    name: r.name,
    email: r.email,
    roleId: r.role_id,
    status: r.status,
    outerSysCode: r.outer_sys_code,
  };
}

/** Never a hash column here, so no query result can carry a password hash to a response. */
const USER_COLUMNS = 'id, account, name, email, role_id, status, outer_sys_code';

async function roleIsAdmin(q: Queryable, tenantId: number, roleId: number): Promise<boolean | null> {
  const [row] = await q.query<{ is_admin: boolean }>('select is_admin from roles where tenant_id = $1 and id = $2', [
    tenantId,
    roleId,
  ]);
  return row ? row.is_admin : null;
}

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults: argon2id, 19 MiB, t=2 (the OWASP minimum), random salt in the PHC string.
  return hash(password);
}

/** Serialises the last-administrator check per tenant, so two admins cannot demote each other at once. */
async function lockTenantAdmins(q: Queryable, tenantId: number): Promise<void> {
  await q.query('select id from internal_users where tenant_id = $1 order by id for update', [tenantId]);
}

export const INTERNAL_USER_LIST: ListSpec<'internalUsers', UserRow> = {
  list: 'internalUsers',
  from: 'internal_users',
  where: ['tenant_id = $1'],
  select: USER_COLUMNS,
  orderBy: 'id',
  filters: {
    account: 'account',
    name: 'name',
    outerSysCode: 'outer_sys_code',
    roleId: 'role_id',
    status: 'status',
    updatedSince: 'updated_at',
  },
  map: userResponse,
};

/** POST /v1/internal-users: the contract's create checks, then role, account uniqueness; returns the new id. */
export async function createInternalUser(
  db: Db,
  tenantId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const shape = validate(internalUserCreateShape, body);
  if (!shape.data) throw new ApiError(400, shape.errors[0] ?? 'invalid_parameter');
  const input = shape.data;
  const errors = internalUserCreateErrors(input);
  // A roleId that is not a role of this tenant ranks where an omitted one does: before invalid_status.
  if (input.roleId != null && (await roleIsAdmin(db, tenantId, input.roleId)) === null) {
    const at = errors.indexOf('invalid_status');
    errors.splice(at === -1 ? errors.length : at, 0, 'invalid_role_id');
  }
  const [first] = errors;
  if (first) throw new ApiError(400, first);
  const account = input.account!.trim();
  // Hash before the transaction: argon2 takes tens of milliseconds and must not hold row locks.
  const passwordHash = await hashPassword(input.password!);
  const id = await db.transaction(async (tx) => {
    // Accounts are sign-in names: "Admin" and "admin" are the same account. Two concurrent creates of one
    // account take turns, so the second sees the first.
    await lockCode(tx, 'internal_users', tenantId, account.toLowerCase());
    const taken = await tx.query('select 1 from internal_users where tenant_id = $1 and lower(account) = lower($2)', [
      tenantId,
      account,
    ]);
    if (taken.length > 0) throw new ApiError(400, 'account_already_used');
    const [row] = await tx.query<{ id: number }>(
      `insert into internal_users (tenant_id, account, name, email, password_hash, role_id, status, outer_sys_code, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        tenantId,
        account,
        input.name,
        input.email,
        passwordHash,
        input.roleId,
        input.status != null ? normaliseUserStatus(input.status) : 'Active',
        input.outerSysCode ?? '',
        now,
      ],
    );
    return row!.id;
  });
  return id;
}

/** PUT /v1/internal-users/{id}: partial update; never leaves the tenant without a loginable administrator. */
export async function updateInternalUser(
  db: Db,
  tenantId: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const exists = await db.query('select 1 from internal_users where tenant_id = $1 and id = $2', [tenantId, id]);
  if (exists.length === 0) throw new ApiError(404, 'not_found');
  const { data, errors } = validate(internalUserUpdate, body);
  if (!data) throw new ApiError(400, errors[0] ?? 'invalid_parameter');
  const passwordHash = data.password != null ? await hashPassword(data.password) : null;

  await db.transaction(async (tx) => {
    await lockTenantAdmins(tx, tenantId);
    const [current] = await tx.query<UserRow & { is_admin: boolean }>(
      `select u.id, u.role_id, u.status, r.is_admin from internal_users u join roles r on r.id = u.role_id
       where u.tenant_id = $1 and u.id = $2`,
      [tenantId, id],
    );
    if (!current) throw new ApiError(404, 'not_found');
    const roleId = data.roleId ?? current.role_id;
    const newRoleIsAdmin = roleId === current.role_id ? current.is_admin : await roleIsAdmin(tx, tenantId, roleId);
    if (newRoleIsAdmin === null) throw new ApiError(400, 'invalid_role_id');
    const status = data.status != null ? normaliseUserStatus(data.status)! : current.status;

    const wasLoginableAdmin = current.status === 'Active' && current.is_admin;
    const staysLoginableAdmin = status === 'Active' && newRoleIsAdmin;
    if (wasLoginableAdmin && !staysLoginableAdmin) {
      const others = await tx.query(
        `select 1 from internal_users u join roles r on r.id = u.role_id
         where u.tenant_id = $1 and u.id <> $2 and u.status = 'Active' and r.is_admin limit 1`,
        [tenantId, id],
      );
      if (others.length === 0) throw new ApiError(409, 'last_active_admin');
    }

    // Deactivation and a role change end every existing session of this user.
    const endSessions = (status === 'Inactive' && current.status !== 'Inactive') || roleId !== current.role_id;
    await tx.query(
      `update internal_users set
         name = coalesce($3, name), email = coalesce($4, email), password_hash = coalesce($5, password_hash),
         role_id = $6, status = $7, outer_sys_code = coalesce($8, outer_sys_code),
         session_epoch = session_epoch + $9, updated_at = $10
       where tenant_id = $1 and id = $2`,
      [
        tenantId,
        id,
        data.name ?? null,
        data.email ?? null,
        passwordHash,
        roleId,
        status,
        data.outerSysCode ?? null,
        endSessions ? 1 : 0,
        now,
      ],
    );
  });
}
