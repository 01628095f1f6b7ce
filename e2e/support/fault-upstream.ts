/**
 * The reference service with a fault switch in front of it, for e2e/trust.spec.ts: a second console
 * points UPSTREAM_BASE_URL here. Faults a real service cannot be made to produce on demand: a write that is
 * applied and then answered 500, and 200/201 swapped. Test-only: it is never part of the console's build.
 *   tsx e2e/support/fault-upstream.ts <port>
 * POST /__fault {"rule": "apply-then-500" | "swap-created-status" | null, "method": "PUT", "path": "/v1/companies/"}
 * arms a rule for the requests whose method and path prefix match, until it is replaced.
 */
import { serve } from '@hono/node-server';
import { createService } from '../../service/app';

type Rule = { rule: 'apply-then-500' | 'swap-created-status'; method?: string; path?: string } | null;

const port = Number(process.argv[2]);
const service = await createService({ memory: true, seed: 'service/seed/demo.json' });
let rule: Rule = null;

function matches(request: Request): boolean {
  if (!rule) return false;
  const path = new URL(request.url).pathname;
  return (!rule.method || rule.method === request.method) && (!rule.path || path.startsWith(rule.path));
}

serve({
  hostname: '127.0.0.1',
  port,
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/__fault') {
      if (request.method === 'POST') {
        const body = (await request.json()) as NonNullable<Rule> | { rule: null };
        rule = body.rule ? body : null;
      }
      return Response.json({ rule });
    }
    if (!matches(request)) return service.fetch(request);
    const real = await service.fetch(request);
    if (rule?.rule === 'apply-then-500') {
      await real.arrayBuffer();
      return Response.json(
        { code: 'E_INJECTED', message: 'the write was applied, then the answer failed' },
        { status: 500 },
      );
    }
    const status = real.status === 201 ? 200 : real.status === 200 && request.method !== 'GET' ? 201 : real.status;
    return new Response(real.body, { status, headers: real.headers });
  },
});
process.stdout.write(`fault upstream on http://127.0.0.1:${port}\n`);
