import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { cancelImport } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

export const POST = consoleRoute(importsApi.cancel, async ({ params }) => ({
  cancelled: await cancelImport(params.id),
}));
