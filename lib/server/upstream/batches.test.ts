import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyWrite } from '@/lib/contract';
import { chunk } from './batches';
import { clientFor, startTestUpstream, type RecordedRequest, type TestUpstream } from './testing/test-server';

let upstream: TestUpstream;
beforeEach(async () => {
  upstream = await startTestUpstream();
});
afterEach(() => upstream.close());

const bodyOf = (req: RecordedRequest) => JSON.parse(req.body.toString('utf8')) as CompanyWrite[];

/** Answers each item by its position in the chunk, echoing its code in the id so results can be traced. */
function echoBatch(delayFor: (items: CompanyWrite[]) => number = () => 0) {
  return (req: RecordedRequest) => {
    const items = bodyOf(req);
    return {
      status: 200,
      delayMs: delayFor(items),
      json: {
        items: items.map((item, index) => ({
          index,
          status: item.name === 'bad' ? 'failed' : 'created',
          id: item.name === 'bad' ? null : Number(item.outerSysCode?.slice(1)),
          errors: item.name === 'bad' ? ['name_too_long'] : [],
        })),
      },
    };
  };
}

const companies = (n: number): CompanyWrite[] =>
  Array.from({ length: n }, (_, i) => ({ outerSysCode: `C${i}`, name: `n${i}` }));

describe('batch', () => {
  it('splits 450 items into 3 requests of at most 200 and re-indexes results to the caller positions, even out of order', async () => {
    // The first chunk answers last.
    const answered: string[] = [];
    const echo = echoBatch();
    upstream.script = async (req) => {
      const first = bodyOf(req)[0]?.outerSysCode ?? '';
      if (first === 'C0') await new Promise((r) => setTimeout(r, 400));
      answered.push(first);
      return echo(req);
    };
    const input = companies(450);
    input[201] = { outerSysCode: 'C201', name: 'bad' };
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', input);

    expect(upstream.requests.map((r) => bodyOf(r).length).sort()).toEqual([200, 200, 50]);
    expect(answered[2]).toBe('C0');
    expect(upstream.requests.every((r) => r.authentic)).toBe(true);
    expect(results).toHaveLength(450);
    results.forEach((result, i) => {
      expect(result.index).toBe(i);
      if (i !== 201) expect(result).toMatchObject({ status: 'created', id: i, errors: [] });
    });
    expect(results[201]).toEqual({ index: 201, status: 'failed', id: null, errors: ['name_too_long'] });
  });

  it('never has more requests in flight than the concurrency bound', async () => {
    upstream.script = echoBatch(() => 150);
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', companies(100), { chunkSize: 10, concurrency: 3 });
    expect(upstream.requests).toHaveLength(10);
    expect(upstream.maxInFlight).toBe(3);
    expect(results.map((r) => r.index)).toEqual([...Array(100).keys()]);
  });

  it('uses the client defaults of 200 items and 4 requests at once', async () => {
    upstream.script = echoBatch(() => 150);
    const { client } = clientFor(upstream);
    await client.batch('companies', companies(1200));
    expect(upstream.requests).toHaveLength(6);
    expect(upstream.maxInFlight).toBe(4);
  });

  it('caps a chunk at the upstream limit of 1000 items', async () => {
    upstream.script = echoBatch();
    const { client } = clientFor(upstream);
    await client.batch('companies', companies(1500), { chunkSize: 5000 });
    expect(upstream.requests.map((r) => bodyOf(r).length).sort()).toEqual([1000, 500]);
  });

  it('sends nothing for an empty array', async () => {
    const { client } = clientFor(upstream);
    expect(await client.batch('companies', [])).toEqual([]);
    expect(upstream.requests).toHaveLength(0);
  });

  it('marks every item of a chunk the upstream refused as a whole (4xx) as failed with its code, and keeps the others', async () => {
    upstream.script = (req, n) => (n === 0 ? { status: 403, json: { error: 'forbidden' } } : echoBatch()(req));
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', companies(4), { chunkSize: 2, concurrency: 1 });
    expect(results.slice(0, 2)).toEqual([
      { index: 0, status: 'failed', id: null, errors: ['forbidden'] },
      { index: 1, status: 'failed', id: null, errors: ['forbidden'] },
    ]);
    expect(results.slice(2).map((r) => r.status)).toEqual(['created', 'created']);
  });

  it('reports items the upstream left out of its answer as unknown', async () => {
    upstream.script = () => ({ status: 200, json: { items: [{ index: 1, status: 'updated', id: 5, errors: [] }] } });
    const { client } = clientFor(upstream);
    const results = await client.batch('companies', [{ name: 'a' }, { id: 5, name: 'b' }]);
    expect(results).toEqual([
      { index: 0, status: 'unknown', id: null, errors: ['outcome_unknown'] },
      { index: 1, status: 'updated', id: 5, errors: [] },
    ]);
  });

  it('reports point quota results in their own shape, echoing the code of an unknown row', async () => {
    upstream.script = () => ({ status: 503, text: 'unavailable' });
    const { client } = clientFor(upstream, { retry: { attempts: 1 } });
    const results = await client.batch('pointQuotas', [{ companyCode: 'C1', balance: 10 }]);
    expect(results).toEqual([{ index: 0, companyCode: 'C1', status: 'unknown', error: 'outcome_unknown' }]);
  });
});

describe('chunk', () => {
  it('keeps order and sizes', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});
