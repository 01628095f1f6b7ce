import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { createUpstreamClient, SkewTracker, type UpstreamClient } from '../upstream';
import { recordFilter } from './record-filter';

let service: Service;
let client: UpstreamClient;

beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
  client = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    fetch: (request) => service.fetch(request),
    timeoutMs: 5_000,
    skew: new SkewTracker(),
  });
}, 60_000);

afterAll(async () => {
  await service?.close();
});

describe("the audit page's record filter by ERP code", () => {
  it('finds the record whose code is exactly the one typed, past the first page of substring hits', async () => {
    // 150 longer codes containing the typed one come first (ids ascending), then the exact one.
    const longer = Array.from({ length: 150 }, (_, i) => ({
      outerSysCode: `RFX-${i}`,
      name: `Longer ${i}`,
      internalUserId: 1,
    }));
    await client.batch('companies', longer);
    const [exact] = await client.batch('companies', [{ outerSysCode: 'RFX', name: 'Exact', internalUserId: 1 }]);
    expect(exact).toMatchObject({ status: 'created' });

    expect(await recordFilter(() => client, 'companies', ' RFX ')).toEqual({
      type: 'companies',
      id: [String(exact!.id)],
    });
    expect(await recordFilter(() => client, 'companies', 'RFX-149')).toEqual({
      type: 'companies',
      id: [expect.any(String)],
    });
    expect(await recordFilter(() => client, 'companies', 'NO-SUCH-CODE')).toEqual({ type: 'companies', id: [] });
  });

  it('takes a number as the id itself, and nothing typed as no filter', async () => {
    expect(await recordFilter(() => client, 'skus', '42')).toEqual({ type: 'skus', id: ['42'] });
    expect(await recordFilter(() => client, 'skus', '  ')).toBeNull();
    expect(await recordFilter(() => client, 'nonsense', 'RFX')).toBeNull();
  });
});
