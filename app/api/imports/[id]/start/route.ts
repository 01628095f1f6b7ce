import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { ImportStateError, startImport } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

export const POST = consoleRoute(importsApi.start, async ({ params, user, fail }) => {
  try {
    await startImport(params.id, user);
  } catch (error) {
    if (error instanceof ImportStateError)
      fail(error.code, error.activeImportId ? { activeImportId: error.activeImportId } : {});
    throw error;
  }
});
