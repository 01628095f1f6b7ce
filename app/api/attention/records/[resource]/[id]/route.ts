import { attentionApi } from '@/lib/contract/console/attention';
import { readRecordFindings } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';

// A record's open and accepted findings, listed above its details.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.record, async ({ params, user, consoleDb }) =>
  readRecordFindings(await consoleDb(), user.role, params.resource, params.id),
);
