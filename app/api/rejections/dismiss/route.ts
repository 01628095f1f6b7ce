import { rejectionsApi } from '@/lib/contract/console/rejections';
import { consoleRoute } from '@/lib/server/console-api';
import { dismissRejections } from '@/lib/server/sync';

// Dismisses open rejections with a reason; the audit log records who, which records and why.
export const dynamic = 'force-dynamic';

export const POST = consoleRoute(rejectionsApi.dismiss, async ({ body, user, consoleDb }) => ({
  dismissed: await dismissRejections(await consoleDb(), body.ids, body.reason, { id: user.id, email: user.email }),
}));
