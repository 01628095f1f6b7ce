import { rejectionsApi } from '@/lib/contract/console/rejections';
import { consoleRoute } from '@/lib/server/console-api';
import { rejectionItems } from '@/lib/server/sync';

// The ERP's own items of a group or a selection of rejections, with their errors, for the fix grid.
export const dynamic = 'force-dynamic';

export const POST = consoleRoute(rejectionsApi.items, async ({ body, fail, consoleDb }) => {
  const items = await rejectionItems(await consoleDb(), body.ids);
  if (items === null) return fail('rejection_not_found');
  if (items === 'mixed') return fail('rejections_mixed');
  return items;
});
