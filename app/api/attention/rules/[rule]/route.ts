import { attentionApi } from '@/lib/contract/console/attention';
import { attentionReads } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';

// A rule's findings, a page at a time; a rule the person's role does not see is not found.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(
  attentionApi.findings,
  async (context) => (await attentionReads.findings(context)) ?? context.fail('finding_not_found'),
);
