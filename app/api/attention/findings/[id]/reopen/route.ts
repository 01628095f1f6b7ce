import { attentionApi } from '@/lib/contract/console/attention';
import { reopenFinding } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';

// Withdraws an acceptance: the finding is open again; its record's History records who reopened it.
export const dynamic = 'force-dynamic';

export const POST = consoleRoute(attentionApi.reopen, async ({ params, user, fail, consoleDb }) => {
  const outcome = await reopenFinding(
    await consoleDb(),
    { userId: user.id, email: user.email, role: user.role },
    params.id,
  );
  return outcome.ok ? outcome.finding : fail(outcome.code as 'finding_not_found' | 'finding_not_accepted');
});
