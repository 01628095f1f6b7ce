import 'server-only';
import type { Salesperson } from '@/lib/contract/salespeople';
import type { UpstreamClient as Upstream } from './client';
import { getUserRoles } from './user-roles';

/**
 * Every back-office user, reduced to what a picker shows (id, name, code, role, status) before anything leaves
 * the server. `salesRoles`: the roles some company's salesperson has (the mirror's companies); empty or absent,
 * every role but an administrator's counts as one that sells.
 */
export async function listSalespeople(
  upstream: Pick<Upstream, 'listAll'>,
  signal?: AbortSignal,
  salesRoles?: ReadonlySet<number>,
): Promise<Salesperson[]> {
  const directory = await getUserRoles().catch(() => ({ roles: [] }));
  const roles = new Map(directory.roles.map((r) => [r.id, r]));
  const sells = (roleId: number) =>
    salesRoles && salesRoles.size > 0 ? salesRoles.has(roleId) : roles.get(roleId)?.isAdmin !== true;
  const out: Salesperson[] = [];
  for await (const user of upstream.listAll('internalUsers', { pageSize: 100 }, signal)) {
    out.push({
      id: user.id,
      name: user.name?.trim() ?? '',
      code: user.outerSysCode?.trim() ?? '',
      roleId: user.roleId,
      roleName: roles.get(user.roleId)?.name ?? null,
      status: user.status,
      sells: sells(user.roleId),
    });
  }
  return out;
}
