import { sandboxApi } from '@/lib/contract/console/sandbox';
import { openRoute } from '@/lib/server/console-api';
import { checkSignature } from '@/lib/server/developers';

/**
 * The reference page's signature debugger: the canonical string the service builds for a pasted request. Unsigned,
 * and only in sandbox mode (demo mode or SANDBOX_DEBUG); anywhere else the route does not exist (404).
 */
export const dynamic = 'force-dynamic';

export const POST = openRoute(sandboxApi.signature, async ({ body, env, fail }) => {
  if (!env.service.sandbox) fail('not_found');
  return checkSignature(body);
});
