import 'server-only';
import type { Salesperson } from '@/lib/contract/salespeople';
import type { UpstreamClient as Upstream } from './client';

/** Every back-office user, reduced to id and name before anything leaves the server. */
export async function listSalespeople(
  upstream: Pick<Upstream, 'listAll'>,
  signal?: AbortSignal,
): Promise<Salesperson[]> {
  const out: Salesperson[] = [];
  for await (const user of upstream.listAll('internalUsers', { pageSize: 100 }, signal)) {
    out.push({ id: user.id, name: user.name?.trim() ?? '' });
  }
  return out;
}
