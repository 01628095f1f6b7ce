import { useQuery } from '@tanstack/react-query';
import type { RestoreReview, RestoreType } from '@/lib/contract/console/restores';
import { consoleFetch } from './console-fetch';

// The endpoint entry carries the server's zod schemas: it loads with the first call, not with the page.
const restores = () => import('@/lib/contract/console/restores').then((m) => m.restoresApi);

/** "Restore earlier values": one History entry's fields before / now (read live) / after; read once per opening. */
export function useRestoreReview(type: RestoreType, id: number, change: string | null) {
  return useQuery({
    queryKey: ['restore', type, String(id), change],
    queryFn: async ({ signal }): Promise<RestoreReview> =>
      consoleFetch((await restores()).review, { params: { type, id: String(id), change: change! }, signal }),
    enabled: change !== null,
    staleTime: Infinity,
    retry: false,
  });
}
