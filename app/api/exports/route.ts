import { exportsApi } from '@/lib/contract/console/exports';
import { consoleRoute } from '@/lib/server/console-api';
import { ExportStateError, listMyExports, startExport } from '@/lib/server/exports';

export const dynamic = 'force-dynamic';

/** The caller's exports, newest first. */
export const GET = consoleRoute(exportsApi.list, async ({ user }) => ({ exports: await listMyExports(user) }));

/** Starts an export job: `{ resource, filters }`. One running export per person. */
export const POST = consoleRoute(exportsApi.start, async ({ user, body, fail }) => {
  try {
    return { status: 201, data: { export: await startExport(user, body.resource, body.filters) } };
  } catch (error) {
    if (error instanceof ExportStateError)
      fail(error.code === 'export_already_running' ? error.code : 'invalid_parameter', {
        activeJobId: error.activeJobId,
      });
    throw error;
  }
});
