import { importsApi } from '@/lib/contract/console/imports';
import { consoleRoute } from '@/lib/server/console-api';
import { getSavedMapping, saveMapping } from '@/lib/server/imports';

export const dynamic = 'force-dynamic';

/** The caller's own column mapping for a family; each user keeps theirs. */
export const GET = consoleRoute(importsApi.mapping, async ({ params, user }) => ({
  mapping: await getSavedMapping(user.id, params.family),
}));

export const PUT = consoleRoute(importsApi.saveMapping, async ({ params, body, user }) => {
  await saveMapping(user.id, params.family, body.mapping);
});
