import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { createImport, listImports } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

export const GET = consoleRoute(importsApi.list, async () => ({ imports: await listImports() }));

export const POST = consoleRoute(importsApi.create, async ({ body, user, fail }) => {
  if (body.mapping.length !== body.headers.length) fail('invalid_parameter');
  return { status: 201, data: { id: await createImport(body, user) } };
});
