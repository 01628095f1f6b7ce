import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import type { Env } from '../env';
import { createUpstreamClient, SkewTracker, type FetchImpl } from '.';
import { readUpstreamStatus, skewLevel, STATUS_PROBE } from './status';

let service: Service;

const env = (mode: 'embedded' | 'remote'): Pick<Env, 'upstream'> => ({
  upstream: {
    mode,
    baseUrl: mode === 'remote' ? 'https://erp.example.com' : 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    timeoutMs: 500,
    batchSize: 200,
    batchConcurrency: 4,
    rateLimitPerSecond: null,
    retryAfterMaxMs: 300_000,
  },
});

function client(fetch: FetchImpl, secret: string = CREDS.erp.secret) {
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: secret,
    fetch,
    timeoutMs: 500,
    skew: new SkewTracker(),
  });
}

/** The real service, answering with a Date header `offsetMs` away from our clock (a clock we cannot skew). */
const withDate =
  (offsetMs: number): FetchImpl =>
  async (request) => {
    const real = await service.fetch(request);
    const headers = new Headers(real.headers);
    headers.set('date', new Date(Date.now() + offsetMs).toUTCString());
    return new Response(real.body, { status: real.status, headers });
  };

beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
});

afterAll(async () => {
  await service?.close();
});

describe('upstream status', () => {
  it('grades skew: warning over 60 s, fatal over 300 s', () => {
    expect(skewLevel(null)).toBe('unknown');
    expect(skewLevel(59_000)).toBe('ok');
    expect(skewLevel(-61_000)).toBe('warning');
    expect(skewLevel(301_000)).toBe('fatal');
  });

  it('probes the embedded service with a signed request: reachable, latency, no Date so no skew', async () => {
    const seen: string[] = [];
    const status = await readUpstreamStatus(
      env('embedded'),
      client(async (request) => {
        seen.push(new URL(request.url).pathname + new URL(request.url).search);
        return service.fetch(request);
      }),
    );
    expect(seen).toEqual([STATUS_PROBE]);
    expect(status).toMatchObject({ mode: 'embedded', baseUrl: null, clientId: 'acme-erp' });
    expect(status.probe).toMatchObject({ reachable: true, ok: true, status: 200, code: null });
    expect(status.probe.latencyMs).toBeGreaterThan(0);
    expect(status.skew).toMatchObject({ observedMs: null, effectiveMs: null, level: 'unknown', adoptedOffsetMs: 0 });
    expect(JSON.stringify(status)).not.toContain(CREDS.erp.secret);
  });

  it('reads the skew from the Date header and warns above 60 s', async () => {
    const ahead = await readUpstreamStatus(env('remote'), client(withDate(90_000)));
    expect(ahead.baseUrl).toBe('https://erp.example.com');
    expect(ahead.skew.level).toBe('warning');
    expect(ahead.skew.observedMs).toBeGreaterThan(88_000);
    expect(ahead.skew.observedMs).toBeLessThan(92_000);
    const close = await readUpstreamStatus(env('remote'), client(withDate(0)));
    expect(close.skew.level).toBe('ok');
  });

  it('judges the skew the client has adopted: 10 minutes apart but corrected is OK, and says so', async () => {
    // The upstream runs 10 minutes ahead and checks timestamps against its own clock.
    const ahead = client(withDate(600_000));
    ahead.skew.adopt(600_000, Date.now());
    const status = await readUpstreamStatus(env('remote'), ahead);
    expect(status.skew.observedMs).toBeGreaterThan(598_000);
    expect(Math.abs(status.skew.effectiveMs!)).toBeLessThan(2_000);
    expect(status.skew.level).toBe('ok');
    // Not corrected, the same clocks are fatal.
    expect((await readUpstreamStatus(env('remote'), client(withDate(600_000)))).skew.level).toBe('fatal');
  });

  it('reports a rejected credential as reachable but failing, with the reason', async () => {
    const status = await readUpstreamStatus(
      env('remote'),
      client((r) => service.fetch(r), 'wrong-secret'),
    );
    expect(status.probe).toMatchObject({ reachable: true, ok: false, status: 401, code: 'unauthorized' });
    expect(status.probe.message).toMatch(/signature/);
  });

  it('reports an unreachable or silent upstream', async () => {
    const down = await readUpstreamStatus(
      env('remote'),
      client(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    expect(down.probe).toMatchObject({ reachable: false, ok: false, code: 'upstream_unreachable', latencyMs: null });
    const silent = await readUpstreamStatus(
      env('remote'),
      client(() => new Promise<Response>(() => {})),
    );
    expect(silent.probe).toMatchObject({ reachable: false, code: 'upstream_timeout' });
  });
});
