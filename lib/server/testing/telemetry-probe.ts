/**
 * A console process in miniature, for telemetry/telemetry.test.ts: Next's instrumentation hook as a server runs it (the
 * runtime's modules loaded, not started), then one /v1 call through the console's signing client to the reference
 * service in this process. Prints one JSON line: every module loaded (the ES module loader's URLs, reported by
 * probe-hooks.mjs, and the CommonJS require cache) and the traceparent and X-Request-Id the service received.
 *   node --conditions=react-server --import tsx lib/server/testing/telemetry-probe.ts
 */
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const loaded = new Set<string>();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url: string) => loaded.add(url));
port1.unref();
register('./probe-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

// As `next start` runs the hook in a server process; the build phase keeps it from opening the databases.
Object.assign(process.env, { NEXT_RUNTIME: 'nodejs', NEXT_PHASE: 'phase-production-build' });
const { register: registerInstrumentation } = await import('../../../instrumentation');
await registerInstrumentation();

const { createService } = await import('@/service');
const { createUpstreamClient } = await import('@/lib/server/upstream');
const { CREDS, testSeed } = await import('@/service/testing/fixtures');
const { flushTraces } = await import('@/lib/server/telemetry');

const service = await createService({ memory: true, seed: testSeed() });
const received: { traceparent: string | null; requestId: string | null }[] = [];
const client = createUpstreamClient({
  baseUrl: 'http://upstream.test',
  clientId: CREDS.erp.clientId,
  clientSecret: CREDS.erp.secret,
  fetch: (request) => {
    received.push({ traceparent: request.headers.get('traceparent'), requestId: request.headers.get('x-request-id') });
    return service.fetch(request);
  },
});
const response = await client.send({
  method: 'GET',
  pathAndQuery: '/v1/product-categories?pageSize=1',
  requestId: 'probe-request-1',
});
await flushTraces(5_000);
await service.close();
// The loader thread's last reports arrive on this thread's next turns.
await new Promise((resolve) => setTimeout(resolve, 100));

const required = Object.keys(createRequire(import.meta.url).cache);
// Exit once the line is written: stdout is a pipe, and process.exit() would cut a line longer than its buffer.
process.stdout.write(
  `${JSON.stringify({ status: response.status, received, modules: [...loaded, ...required] })}\n`,
  () => process.exit(0),
);
