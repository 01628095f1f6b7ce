import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { listPathAndQuery } from './lists';
import { clientFor, listReply, queryOf, startTestUpstream, type TestUpstream } from './testing/test-server';

const companyRow = (id: number) => ({
  id,
  outerSysCode: `C${id}`,
  name: `Company ${id}`,
  shortName: '',
  cellPhone: '',
  shippingAddress: '',
  internalUserId: 1,
  status: 'Active',
});

let upstream: TestUpstream;
beforeEach(async () => {
  upstream = await startTestUpstream();
});
afterEach(() => upstream.close());

describe('listAll', () => {
  it('walks every page and stops at totalPages, not at an empty page', async () => {
    // 250 rows at 100 per page: pages 1-3. A 4th request would get an empty page; it must never be sent.
    upstream.script = (req) => {
      const q = queryOf(req);
      return listReply(Number(q.get('page')), Number(q.get('pageSize')), 250, companyRow);
    };
    const { client } = clientFor(upstream);
    const ids: number[] = [];
    for await (const row of client.listAll('companies', { pageSize: 100, filters: { name: 'Company' } }))
      ids.push(row.id);
    expect(ids).toHaveLength(250);
    expect(ids[249]).toBe(250);
    expect(upstream.requests.map((r) => queryOf(r).get('page'))).toEqual(['1', '2', '3']);
    expect(upstream.requests.every((r) => queryOf(r).get('name') === 'Company')).toBe(true);
  });

  it('sends one request when nothing matches (totalPages 0) and reads a null data as empty', async () => {
    upstream.script = () => ({
      status: 200,
      json: { data: null, totalCount: 0, currentPage: 1, pageSize: 100, totalPages: 0 },
    });
    const { client } = clientFor(upstream);
    const rows = [];
    for await (const row of client.listAll('companies')) rows.push(row);
    expect(rows).toEqual([]);
    expect(upstream.requests).toHaveLength(1);
  });

  it('does not ask for a page past the last one when the total is an exact multiple of pageSize', async () => {
    upstream.script = (req) => listReply(Number(queryOf(req).get('page')), 50, 100, companyRow);
    const { client } = clientFor(upstream);
    const pages = [];
    for await (const page of client.pages('companies', { pageSize: 50 })) pages.push(page.currentPage);
    expect(pages).toEqual([1, 2]);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('updatedSince', () => {
  beforeEach(() => {
    upstream.script = () => listReply(1, 100, 0, companyRow);
  });

  it('sends a Date as UTC with Z, percent-encoded as signed', async () => {
    const { client } = clientFor(upstream);
    await client.list('companies', { filters: { updatedSince: new Date('2026-03-01T08:30:00+08:00') } });
    const [req] = upstream.requests;
    expect(req?.authentic).toBe(true);
    expect(req?.rawUrl).toBe('/v1/companies?updatedSince=2026-03-01T00%3A30%3A00.000Z');
  });

  it('keeps an explicit offset and encodes its plus sign as %2B', async () => {
    const { client } = clientFor(upstream);
    await client.list('skus', {
      filters: { updatedSince: '2026-03-01T08:30:00+08:00', status: 'Active' },
      page: 2,
      pageSize: 50,
    });
    const [req] = upstream.requests;
    expect(req?.authentic).toBe(true);
    expect(req?.rawUrl).toBe(
      '/v1/skus?status=Active&updatedSince=2026-03-01T08%3A30%3A00%2B08%3A00&page=2&pageSize=50',
    );
    expect(queryOf(req!).get('updatedSince')).toBe('2026-03-01T08:30:00+08:00');
  });

  it('refuses a time without a zone before sending anything', async () => {
    const { client } = clientFor(upstream);
    const error = await client
      .list('companies', { filters: { updatedSince: '2026-03-01T08:30:00' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_request', code: 'invalid_updated_since' });
    expect((error as ApiError).message).toBe('"Updated since" must be a date and time with a time zone.');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('listPathAndQuery', () => {
  it('orders filters as the contract lists them, skips empty ones and encodes strictly', () => {
    expect(
      listPathAndQuery('companies', {
        filters: { internalUserId: 3, name: "Tom's (tea) & co", outerSysCode: '' },
        pageSize: 20,
      }),
    ).toBe('/v1/companies?name=Tom%27s%20%28tea%29%20%26%20co&internalUserId=3&pageSize=20');
  });
});
