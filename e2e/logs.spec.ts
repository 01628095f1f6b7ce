import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { proxyWrite } from './support/demo-seed';
import { jsonLines, METRICS_TOKEN } from './support/server-log';

// Issue 28: one JSON log line per request with the id the browser received; metrics behind a token.
test.describe('logs and metrics of the built console', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('every proxied request has one log line carrying the request id the browser received', async ({ page }) => {
    const ids: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/upstream/')) {
        const id = response.headers()['x-request-id'];
        if (id) ids.push(id);
      }
    });
    await page.goto('/companies/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const write = await proxyWrite(page, 'PUT', '/v1/companies/1', { shortName: 'Logged' });
    expect(write.status).toBe(200);
    await expect.poll(() => ids.length).toBeGreaterThan(0);
    await expect
      .poll(() => {
        const lines = jsonLines().filter((line) => line.msg === 'request' && ids.includes(String(line.requestId)));
        return ids.every((id) => lines.some((line) => line.requestId === id && line.route === '/api/upstream/[...path]'));
      })
      .toBe(true);
    const put = jsonLines().find((line) => line.msg === 'request' && line.operation === 'PUT /v1/companies/{id}' && ids.includes(String(line.requestId)));
    expect(put).toMatchObject({ method: 'PUT', status: 200, upstreamStatus: 200, userId: expect.any(String), durationMs: expect.any(Number) });
  });

  test('serves Prometheus metrics to the token only', async ({ request }) => {
    await request.get('/api/upstream/v1/companies?pageSize=1', { headers: { 'x-console-request': '1' } });
    expect((await request.get('/api/metrics')).status()).toBe(401);
    expect((await request.get('/api/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status()).toBe(401);
    const metrics = await request.get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status()).toBe(200);
    const text = await metrics.text();
    // Counted by the proxy's route, served by the metrics route: one registry per process.
    expect(text).toMatch(/console_proxy_request_duration_seconds_count\{operation="GET \/v1\/companies",status="200"\} [1-9]/);
    expect(text).toContain('console_job_units_pending');
    expect(text).toContain('console_process_resident_memory_bytes');
  });
});
