import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { startOtlpReceiver } from '../testing/otlp-receiver';

/**
 * Issue 44, traces: a console process started without OTEL_EXPORTER_OTLP_ENDPOINT loads no OpenTelemetry SDK
 * module and sends no traceparent; with it, the same process exports its /v1 call's span over OTLP/HTTP to a
 * receiver here, and the upstream received a traceparent naming that very span. The process is
 * lib/server/testing/telemetry-probe.ts in a child (its own module cache), which prints what it loaded and what the
 * service received.
 * The whole path through Next (its route span, the proxy's) is e2e/traces.spec.ts, on the built console.
 */

interface ProbeOutput {
  status: number;
  received: { traceparent: string | null; requestId: string | null }[];
  modules: string[];
}

function runProbe(env: Record<string, string>): Promise<ProbeOutput> {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _a, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _b, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'lib/server/testing/telemetry-probe.ts'],
    { env: { ...inherited, DEMO_MODE: '1', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0 || !line.startsWith('{')) throw new Error(`probe exited with ${code}`);
        resolve(JSON.parse(line) as ProbeOutput);
      } catch (error) {
        reject(new Error(`${String(error)}:\n${out.slice(-2000)}\n${err}`));
      }
    }),
  );
}

/** Packages of the OpenTelemetry SDK (anything but the API, which Next and prom-client load themselves). */
const sdkModules = (modules: string[]) =>
  modules
    .filter((m) => /node_modules\/@opentelemetry\/(?!api\/)/.test(m))
    .map((m) => m.replace(/.*node_modules\//, ''));

const receiver = sharedFixture(startOtlpReceiver);

describe('traces', () => {
  it('unset: no OpenTelemetry SDK module is loaded and no traceparent goes upstream', async () => {
    const probe = await runProbe({});
    expect(probe.status).toBe(200);
    // The probe saw the console's modules load (so an empty list would not pass for "nothing loaded").
    expect(probe.modules.some((m) => m.includes('lib/server/runtime/'))).toBe(true);
    expect(probe.modules.some((m) => m.includes('lib/server/telemetry/'))).toBe(true);
    expect(sdkModules(probe.modules)).toEqual([]);
    expect(probe.received).toEqual([{ traceparent: null, requestId: 'probe-request-1' }]);
  }, 60_000);

  it('set: the /v1 call is a client span exported over OTLP/HTTP, and the upstream got its traceparent', async () => {
    const probe = await runProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver().url, OTEL_SERVICE_NAME: 'probe-console' });
    expect(probe.status).toBe(200);
    expect(sdkModules(probe.modules)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^@opentelemetry\/sdk-trace-node\//),
        expect.stringMatching(/^@opentelemetry\/exporter-trace-otlp-http\//),
      ]),
    );
    const [sent] = probe.received;
    expect(sent?.requestId).toBe('probe-request-1');
    // W3C trace context: version-traceid-parentid-flags, sampled.
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(sent?.traceparent ?? '');
    expect(match, `traceparent ${sent?.traceparent}`).not.toBeNull();
    const [, traceId, parentId] = match!;

    expect(receiver().rejected).toEqual([]);
    const call = receiver().spans.find((s) => s.spanId === parentId);
    expect(call, JSON.stringify(receiver().spans, null, 1)).toMatchObject({
      traceId,
      name: 'GET /v1/product-categories',
      kind: 3,
      statusCode: 0,
      attributes: {
        'console.operation': 'GET /v1/product-categories',
        'http.request.method': 'GET',
        'http.response.status_code': 200,
        'console.request_id': 'probe-request-1',
      },
      resource: { 'service.name': 'probe-console', 'console.process': 'web' },
    });
  }, 60_000);
});
