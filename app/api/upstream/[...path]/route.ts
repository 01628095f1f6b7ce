// The route wrapper's folder installs the process's parts (lib/server/process) when loaded.
import '@/lib/server/console-api';
import { consoleProxy } from '@/lib/server/proxy';

// The signing proxy: session → allowlist → role → sign → forward. All logic lives in lib/server/proxy.
export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> {
  return consoleProxy()(request);
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
