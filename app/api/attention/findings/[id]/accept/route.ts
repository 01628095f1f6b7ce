import { attentionApi } from '@/lib/contract/console/attention';
import { acceptFinding } from '@/lib/server/attention';
import { consoleRoute } from '@/lib/server/console-api';

// Accepts an open finding as an exception, with a reason; its record's History records who, when and why.
export const dynamic = 'force-dynamic';

export const POST = consoleRoute(attentionApi.accept, async ({ params, body, user, fail, consoleDb }) => {
  const outcome = await acceptFinding(
    await consoleDb(),
    { userId: user.id, email: user.email, role: user.role },
    params.id,
    body,
  );
  return outcome.ok ? outcome.finding : fail(outcome.code as 'finding_not_found' | 'finding_not_open');
});
