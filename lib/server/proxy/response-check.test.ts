import { afterAll, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { LISTS } from '@/lib/contract/endpoints';
import en from '@/messages/en/errors.json';
import zhTW from '@/messages/zh-TW/errors.json';
import { consoleRequest, createProxyHarness } from '../testing/proxy-harness';
import { answersAsDocumented } from './response-check';

// The browser reads /v1 lists and records without a schema of its own (a list page's first load carries no
// zod), because the proxy checks them. Real service in-process; a fake upstream only for a body the real
// service never sends.
const h = sharedFixture(createProxyHarness);

const get = (path: string) => h().proxy(consoleRequest('GET', path, { cookie: h().cookies.viewer }));

/** An upstream that answers every request 200 with `body`, as a broken or newer upstream might. */
function answerWith(body: string) {
  h().setFault(async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
}

describe('the proxy checks list and read answers against lib/contract', () => {
  it('passes the service’s list and record answers through unchanged', async () => {
    const list = await get('/v1/skus?page=1&pageSize=100');
    expect(list.status).toBe(200);
    const page = (await list.json()) as { data: { id: number }[]; totalCount: number };
    expect(page.data.length).toBeGreaterThan(0);
    const record = await get(`/v1/skus/${page.data[0]!.id}`);
    expect(record.status).toBe(200);
    expect(((await record.json()) as { id: number }).id).toBe(page.data[0]!.id);
  });

  it('passes an error answer through as it is (only 2xx bodies are checked)', async () => {
    const missing = await get('/v1/skus/999999999');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
  });

  describe('with an upstream that answers a malformed body', () => {
    afterAll(() => h().setFault(null));

    it('answers 502 invalid_response, in words from both catalogues, for a list row of the wrong shape', async () => {
      answerWith(
        JSON.stringify({
          data: [{ id: 'seven', outerSysCode: 7 }],
          totalCount: 1,
          currentPage: 1,
          pageSize: 100,
          totalPages: 1,
        }),
      );
      const response = await get('/v1/skus?page=1&pageSize=100');
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid_response');
      expect(body.message).toBe(en.errors.invalid_response);
      expect(zhTW.errors.invalid_response).toMatch(/[\u4e00-\u9fff]/);
      // The malformed rows never reach the browser.
      expect(JSON.stringify(body)).not.toContain('seven');
    });

    it('answers 502 for a record that is not JSON, and for a record missing a field', async () => {
      answerWith('<html>gateway</html>');
      expect((await get('/v1/companies/1')).status).toBe(502);
      answerWith(JSON.stringify({ id: 1 }));
      expect((await get('/v1/products/1')).status).toBe(502);
    });

    it('lets a list with `data: null` through (a real upstream sends it for no rows)', async () => {
      answerWith(JSON.stringify({ data: null, totalCount: 0, currentPage: 1, pageSize: 100, totalPages: 0 }));
      expect((await get('/v1/companies?page=1&pageSize=100')).status).toBe(200);
    });
  });

  it('knows every list and read of the contract', () => {
    for (const { operation } of Object.values(LISTS))
      expect(answersAsDocumented(operation, new TextEncoder().encode('{}'))).toBe(false);
  });
});
