import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, queryOf, startTestUpstream, type TestUpstream } from './test-server';

/** The reference leaves open which of 200 and 201 means created, so the client reads it from the id. */
let upstream: TestUpstream;
beforeEach(async () => {
  upstream = await startTestUpstream();
});
afterEach(async () => {
  await upstream.close();
});

const row = (id: number, outerSysCode: string) => ({ id, outerSysCode, name: 'n', shortName: null, cellPhone: null, shippingAddress: null, internalUserId: 1, status: 'Active' });
const envelope = (data: unknown[]) => ({ status: 200, json: { data, totalCount: data.length, currentPage: 1, pageSize: 100, totalPages: 1 } });

describe('single creates', () => {
  it('calls a create answered 200 created when no record had the code', async () => {
    // The lookup's substring match returns a longer code, which a create of "AB" would not hit.
    upstream.script = (r) => (r.method === 'GET' ? envelope([row(5, 'XABX')]) : { status: 200, json: { id: 9 } });
    const { client } = clientFor(upstream);
    expect(await client.createCompany({ outerSysCode: 'AB', name: 'x' })).toEqual({ id: 9, created: true });
    expect(queryOf(upstream.requests[0]!).get('outerSysCode')).toBe('AB');
  });

  it('calls a create answered 201 an update when its id had the code before', async () => {
    upstream.script = (r) => (r.method === 'GET' ? envelope([row(5, 'AB')]) : { status: 201, json: { id: 5 } });
    const { client } = clientFor(upstream);
    expect(await client.createCompany({ outerSysCode: 'AB', name: 'x' })).toEqual({ id: 5, created: false });
  });

  it('does not look up a create without a code', async () => {
    upstream.script = () => ({ status: 200, json: { id: 3 } });
    const { client } = clientFor(upstream);
    expect(await client.createCompany({ name: 'x' })).toEqual({ id: 3, created: true });
    expect(upstream.requests.map((r) => r.method)).toEqual(['POST']);
  });
});
