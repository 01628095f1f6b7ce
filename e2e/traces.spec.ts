import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createService, type Service } from '@/service';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@/lib/server/testing/otlp-receiver';
import { expect, test } from './fixtures/test';
import { signInCookie, startConsole, type ConsoleProcess } from './support/console-process';

// Issue 44, traces: a console started with OTEL_EXPORTER_OTLP_ENDPOINT (the built console, server.ts, so Next's own
// spans are there) sends one proxied GET's trace to an OTLP/HTTP receiver in this process: Next's route span, the
// proxy's and the /v1 call's, in one trace; and the upstream, the reference service served from here and
// recording what it receives, got a traceparent with that trace's id, beside the same X-Request-Id. No page.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3900) + 7;
let receiver: OtlpReceiver;
let service: Service;
let upstream: ReturnType<typeof serve>;
let console_: ConsoleProcess;
const received: { path: string; traceparent: string | null; requestId: string | null }[] = [];

test.beforeAll(async () => {
  // A console's start on a busy machine takes longer than the default hook time.
  test.setTimeout(180_000);
  receiver = await startOtlpReceiver();
  service = await createService({ memory: true, seed: 'service/seed/demo.json' });
  upstream = serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request: Request) => {
      received.push({
        path: new URL(request.url).pathname,
        traceparent: request.headers.get('traceparent'),
        requestId: request.headers.get('x-request-id'),
      });
      return service.fetch(request);
    },
  });
  await new Promise<void>((resolve) => upstream.once('listening', () => resolve()));
  console_ = await startConsole(port, {
    UPSTREAM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    UPSTREAM_CLIENT_ID: 'demo-erp',
    UPSTREAM_CLIENT_SECRET: 'demo-erp-secret',
    BETTER_AUTH_SECRET: 'e2e-traces-secret-of-at-least-thirty-two-chars',
    CONSOLE_DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.data/e2e'}/traces-${Date.now()}`,
    MIRROR: 'off',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
});

test.afterAll(async () => {
  await console_?.stop();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  await service?.close();
  await receiver?.close();
});

test('one proxied GET is one trace: the route, the proxy, the /v1 call; traceparent went upstream', async () => {
  // The first admin is created as the console starts, not before it listens: on a busy machine, ask again.
  let cookie = '';
  for (let attempt = 0; !cookie; attempt++) {
    cookie = await signInCookie(console_.url, 'admin@example.com').catch((error: Error) => {
      if (attempt >= 60)
        throw new Error(`${error.message}
${console_.output().slice(-4000)}`);
      return new Promise<string>((resolve) => setTimeout(() => resolve(''), 1000));
    });
  }
  const response = await fetch(`${console_.url}/api/upstream/v1/skus?page=1&pageSize=5`, {
    headers: { cookie, 'x-console-request': '1' },
  });
  expect(response.status).toBe(200);
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toBeTruthy();

  // The upstream got the request with the console's request id and a sampled W3C traceparent.
  const sent = received.find((r) => r.path === '/v1/skus' && r.requestId === requestId);
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(sent?.traceparent ?? '');
  expect(match, `the upstream received ${JSON.stringify(received)}`).not.toBeNull();
  const [, traceId, parentId] = match!;

  // Spans arrive in batches: wait until the route's own span (Next ends it last) is in.
  const trace = () => receiver.spans.filter((s) => s.traceId === traceId);
  const shown = () => JSON.stringify(trace(), null, 1) + `\nrejected: ${receiver.rejected.join('; ')}`;
  await expect
    .poll(() => trace().some((s) => s.attributes['http.route'] === '/api/upstream/[...path]'), { timeout: 20_000 })
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${shown()}\nThe console printed:\n${console_.output().slice(-4000)}`);
    });
  const spans = trace();
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
    const parent = byId.get(span.parentSpanId);
    return parent ? [parent, ...ancestors(parent)] : [];
  };

  // The /v1 call: the client span the traceparent names, by operation, with its status and the request id.
  const call = byId.get(parentId!);
  expect(call, shown()).toMatchObject({
    name: 'GET /v1/skus',
    kind: 3,
    attributes: {
      'console.operation': 'GET /v1/skus',
      'http.response.status_code': 200,
      'console.request_id': requestId,
    },
  });
  // Inside the proxy's span, inside Next's span for the route, all one trace.
  const [proxy, ...above] = ancestors(call!);
  expect(proxy, shown()).toMatchObject({
    name: 'proxy GET /v1/skus',
    attributes: {
      'console.operation': 'GET /v1/skus',
      'http.response.status_code': 200,
      'console.request_id': requestId,
    },
  });
  expect(
    above.some((s) => s.attributes['http.route'] === '/api/upstream/[...path]'),
    shown(),
  ).toBe(true);
  expect(
    above.some((s) => s.attributes['console.request_id'] === requestId),
    shown(),
  ).toBe(true);
  expect(spans.every((s) => s.resource['service.name'] === 'master-data-console')).toBe(true);
});
