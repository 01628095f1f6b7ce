import { attentionApi } from '@/lib/contract/console/attention';
import { evaluateWorkIfDue, readFindings } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';
import { getConsoleDb } from '@/lib/server/process';

// A rule's findings, a page at a time; a rule the person's role does not see is not found.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.findings, async ({ params, query, user, fail }) => {
  const db = await getConsoleDb();
  if (params.rule === 'import-rows-waiting') await evaluateWorkIfDue(db);
  const page = await readFindings(db, user.role, params.rule, query);
  return page ?? fail('finding_not_found');
});
