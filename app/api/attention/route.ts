import { attentionApi } from '@/lib/contract/console/attention';
import { evaluateWorkIfDue, readSummary } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';
import { getConsoleDb } from '@/lib/server/process';

// The signed-in person's home: a card per rule their role sees that has open findings.
export const dynamic = 'force-dynamic';

export const GET = consoleRoute(attentionApi.summary, async ({ user }) => {
  const db = await getConsoleDb();
  await evaluateWorkIfDue(db);
  return readSummary(db, user.role);
});
