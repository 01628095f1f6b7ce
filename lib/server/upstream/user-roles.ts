import 'server-only';
import { logger } from '../log';
import { readFile } from 'node:fs/promises';
import { seedFile, type UserRole, type UserRoleDirectory } from '@/lib/contract';
import { getEnv } from '../env';

let cached: Promise<UserRoleDirectory> | undefined;

/** The roles of the seed tenant this console signs in as (the one holding its client id). */
export function rolesFromSeed(raw: unknown, clientId: string): UserRole[] | null {
  const parsed = seedFile.safeParse(raw);
  if (!parsed.success) return null;
  const tenant = parsed.data.tenants.find((t) => t.credentials.some((c) => c.clientId === clientId));
  return tenant ? tenant.roles.map((r) => ({ id: r.id, name: r.name, isAdmin: r.isAdmin })) : null;
}

async function load(): Promise<UserRoleDirectory> {
  const env = getEnv();
  if (env.userRoles) return { roles: env.userRoles, source: 'config' };
  if (env.upstream.mode !== 'embedded') return { roles: [], source: 'none' };
  try {
    const roles = rolesFromSeed(JSON.parse(await readFile(env.service.seed, 'utf8')), env.upstream.clientId);
    return roles ? { roles, source: 'seed' } : { roles: [], source: 'none' };
  } catch (error) {
    // The embedded service refuses a bad seed at its own start; here the pages fall back to "Role #id".
    logger().warn(
      { source: 'roles', seed: env.service.seed, error: error instanceof Error ? error.message : error },
      'back-office role names could not be read from the seed',
    );
    return { roles: [], source: 'none' };
  }
}

/**
 * Back-office user roles by name (/v1 has none): CONSOLE_ROLES when set, else in embedded mode the seed's
 * roles of this console's tenant, else none (pages then say "Role #id"). Read once per process.
 */
export function getUserRoles(): Promise<UserRoleDirectory> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
