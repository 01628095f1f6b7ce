import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { importStatus, listAttempts } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

export const GET = consoleRoute(importsApi.detail, async ({ params, fail }) => {
  const status = await importStatus(params.id);
  if (!status) return fail('import_not_found');
  return { ...status, attempts: await listAttempts(params.id) };
});
