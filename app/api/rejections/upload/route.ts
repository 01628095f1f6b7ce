import { rejectionsApi } from '@/lib/contract/console/rejections';
import { consoleRoute } from '@/lib/server/console-api';
import { recordUploadedLog } from '@/lib/server/sync';

// An uploaded integration log: its calls recorded as the relay records them, its refused rows opened for fixing.
export const dynamic = 'force-dynamic';

export const POST = consoleRoute(rejectionsApi.upload, async ({ body, fail, consoleDb }) => {
  const result = await recordUploadedLog(await consoleDb(), body.text);
  return result ?? fail('log_unreadable');
});
