import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { createUpstreamClient, RateGate } from '../upstream';
import { SkewTracker } from '../upstream/skew';
import { limitedFetch } from './limited-fetch';

// The jobs' transport against the reference service: its `limited` credential allows 2 requests a second
// and answers 429 with Retry-After beyond that (a real fault, not a fake).
let service: Service;
beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
});
afterAll(() => service?.close());

describe('jobs transport', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const transport = limitedFetch(
      async (request) => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await service.fetch(request);
        } finally {
          inFlight--;
        }
      },
      { concurrency: 3 },
    );
    const client = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      fetch: transport,
      skew: new SkewTracker(),
    });
    const reads = await Promise.all(Array.from({ length: 12 }, () => client.read('creditQuota', IDS.acme.company)));
    expect(reads).toHaveLength(12);
    expect(most).toBe(3);
  });

  it('behind the rate gate, after a 429 sends nothing until Retry-After has passed, and every read succeeds', async () => {
    const gate = new RateGate({ perSecond: null, retryAfterMaxMs: 60_000 });
    const sent: { at: number; status: number }[] = [];
    const transport = limitedFetch(
      async (request) => {
        const at = Date.now();
        const response = await service.fetch(request);
        sent.push({ at, status: response.status });
        return response;
      },
      { concurrency: 8 },
    );
    const client = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.limited.clientId,
      clientSecret: CREDS.limited.secret,
      fetch: transport,
      skew: new SkewTracker(),
      retry: { attempts: 6 },
      gate: { admit: (signal) => gate.admit('jobs', signal), observe: (r) => gate.observe(r) },
    });
    const reads = await Promise.all(Array.from({ length: 5 }, () => client.read('pointQuota', IDS.acme.company)));
    expect(reads.every((r) => r.companyId === IDS.acme.company)).toBe(true);
    const first429 = sent.find((s) => s.status === 429);
    expect(first429).toBeDefined();
    // Requests that reach the gate after the first 429 answered wait for its Retry-After (whole seconds); the
    // gate comes before signing, so requests it let through earlier are not held in the transport.
    const after = sent.filter((s) => s.at > first429!.at + 50);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after.map((s) => s.at)) - first429!.at).toBeGreaterThanOrEqual(900);
  });
});
