// The route wrapper's folder installs the process's parts (lib/server/process) when loaded.
import '@/lib/server/console-api';
import { getAuth } from '@/lib/server/auth';
import { consoleAuthHandler } from '@/lib/server/auth';

// The better-auth endpoints the console uses (sign-in, sign-out, session); the rest answer 404 (lib/server/auth/http).
// Rate limiting and CSRF checks happen inside better-auth.
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  return consoleAuthHandler(await getAuth())(request);
}

export { handle as GET, handle as POST };
