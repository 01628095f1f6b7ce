import type { idResponse as IdResponse } from '@/lib/contract/batches';
import type { bundleIdResponse as BundleIdResponse } from '@/lib/contract/bundles';

/*
 * The zod schemas that check a write's answer, loaded with the first write (apiFetch takes a loader): the
 * schemas stay in lib/contract, and a form or detail page's first load carries no zod.
 */

export const idResponse = (): Promise<typeof IdResponse> => import('@/lib/contract/batches').then((m) => m.idResponse);
export const bundleIdResponse = (): Promise<typeof BundleIdResponse> =>
  import('@/lib/contract/bundles').then((m) => m.bundleIdResponse);
