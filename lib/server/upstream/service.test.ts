import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { idResponse } from '@/lib/contract';
import { createUpstreamClient, type UpstreamClient } from './client';
import { createCore } from './core';
import { ApiError } from './errors';
import { SkewTracker } from './skew';

/**
 * The client against the real reference service, in-process (embedded mode's wiring): real signing and
 * verification, real PGlite, no port.
 */
let service: Service;
const clientFor = (creds: { clientId: string; secret: string }): UpstreamClient =>
  createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: creds.clientId,
    clientSecret: creds.secret,
    fetch: (request) => service.fetch(request),
    skew: new SkewTracker(),
  });
let client: UpstreamClient;

beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
  client = clientFor(CREDS.erp);
});
afterAll(() => service?.close());

describe('upstream client against the reference service', () => {
  it('reads a company, and a foreign one as not found', async () => {
    expect((await client.read('company', IDS.acme.company)).name).toBe('First Tea House');
    const error = await client.read('company', IDS.globex.company).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNotFound).toBe(true);
  });

  it('reads the problem-details 404 of a credit quota as company_not_found', async () => {
    const error = (await client.read('creditQuota', IDS.globex.company).catch((e: unknown) => e)) as ApiError;
    expect(error.isNotFound).toBe(true);
    expect(error.code).toBe('company_not_found');
  });

  it('walks every page of a list with a literal % in the filter and a zoned updatedSince', async () => {
    const all = [];
    for await (const row of client.listAll('companies', { pageSize: 1, filters: { updatedSince: new Date(0) } }))
      all.push(row.id);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const percent = await client.list('companies', { filters: { name: '100%' } });
    expect(percent.data.map((c) => c.id)).toEqual([IDS.acme.company2]);
  });

  it('creates 450 companies in chunks, then finds the same records again by outerSysCode', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({
      outerSysCode: `BULK-${i}`,
      name: `Bulk ${i}`,
      internalUserId: 1,
    }));
    rows[7] = { outerSysCode: 'BULK-7', name: 'x'.repeat(51), internalUserId: 1 };
    const first = await client.batch('companies', rows);
    expect(first).toHaveLength(450);
    expect(first.map((r) => r.index)).toEqual([...Array(450).keys()]);
    expect(first[7]).toMatchObject({ status: 'failed', id: null, errors: ['name_too_long'] });
    expect(first.filter((r) => r.status === 'created')).toHaveLength(449);

    const again = await client.batch('companies', rows);
    expect(again.filter((r) => r.status === 'updated')).toHaveLength(449);
    again.forEach((r, i) => expect(r.id).toBe(first[i]!.id));
  });

  it('maps a field error of a single write to its code and sentence', async () => {
    const core = createCore({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      fetch: (request) => service.fetch(request),
      skew: new SkewTracker(),
    });
    const body = { shortName: 'x'.repeat(21) };
    const sent = core.request({
      method: 'PUT',
      pathAndQuery: `/v1/companies/${IDS.acme.company}`,
      body,
      schema: idResponse,
      idempotent: true,
    });
    const error = (await sent.catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 400, code: 'short_name_too_long', message: 'The short name is too long.' });
  });

  it('honours the 429 and Retry-After of a rate-limited credential and gets every answer', async () => {
    const statuses: number[] = [];
    const limited = createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: CREDS.limited.clientId,
      clientSecret: CREDS.limited.secret,
      fetch: async (request) => {
        const response = await service.fetch(request);
        statuses.push(response.status);
        return response;
      },
      skew: new SkewTracker(),
      // 5 requests at 2 per second need up to 3 rounds; leave room so a slow machine does not flake.
      retry: { attempts: 6 },
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => limited.read('company', IDS.acme.company)));
    expect(results.every((c) => c.id === IDS.acme.company)).toBe(true);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  });
});
