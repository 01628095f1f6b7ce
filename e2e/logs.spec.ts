import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { jsonLines, METRICS_TOKEN } from './support/server-log';

// Issue 28: one JSON log line per request with the id the browser received; metrics behind a token.
test.describe('logs and metrics of the built console', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('every proxied request has one log line carrying the request id the browser received', async ({ page }) => {
    await page.goto('/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    const ids = await page.evaluate(async () => {
      const out: string[] = [];
      for (const path of ['/v1/companies?pageSize=5', '/v1/products?pageSize=5', '/v1/companies?pageSize=5&page=2']) {
        const response = await fetch(`/api/upstream${path}`, { headers: { 'X-Console-Request': '1' } });
        out.push(response.headers.get('x-request-id') ?? '');
      }
      return out;
    });
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    await expect
      .poll(() => {
        const lines = jsonLines().filter((line) => line.msg === 'request' && ids.includes(String(line.requestId)));
        return ids.filter((id) => lines.filter((line) => line.requestId === id).length === 1).length;
      })
      .toBe(ids.length);
    const line = jsonLines().find((l) => l.msg === 'request' && l.requestId === ids[0]);
    expect(line).toMatchObject({
      route: '/api/upstream/[...path]',
      operation: 'GET /v1/companies',
      method: 'GET',
      status: 200,
      upstreamStatus: 200,
      userId: expect.any(String),
      durationMs: expect.any(Number),
    });
  });

  test('serves Prometheus metrics to the token only', async ({ request }) => {
    await request.get('/api/upstream/v1/companies?pageSize=1', { headers: { 'x-console-request': '1' } });
    expect((await request.get('/api/metrics')).status()).toBe(401);
    expect(
      (await request.get('/api/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status(),
    ).toBe(401);
    const metrics = await request.get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status()).toBe(200);
    const text = await metrics.text();
    // Counted by the proxy's route, served by the metrics route: one registry per process.
    expect(text).toMatch(
      /console_proxy_request_duration_seconds_count\{operation="GET \/v1\/companies",status="200"\} [1-9]/,
    );
    expect(text).toContain('console_job_units_pending');
    expect(text).toContain('console_process_resident_memory_bytes');
  });
});
