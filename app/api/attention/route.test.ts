import { beforeAll, describe, expect, it } from 'vitest';
import type { AttentionSummary, Finding, FindingsPage } from '@/lib/contract/attention';
import type { HistoryPage } from '@/lib/contract/history';
import { sessionCookie, signInRequest } from '@/lib/server/auth/testing/sign-in';

// "Needs attention" through its real route handlers and the signing proxy, signed in as the demo accounts, on the
// console database in in-memory PGlite with the demo seed in the embedded service (real signing). The mirror's
// passes are driven by the test's own runner: what the ERP changes through /v1 is found by the next pass; what a
// steward fixes through the console is resolved before the proxy answers.
const ORIGIN = 'http://console.test';
Object.assign(process.env, {
  DEMO_MODE: '1',
  CONSOLE_URL: ORIGIN,
  BETTER_AUTH_SECRET: 'attention-route-test-secret-'.padEnd(40, 'x'),
  CONSOLE_DATA_DIR: 'memory://',
  SERVICE_DATA_DIR: 'memory://',
  MIRROR_INTERVAL_S: '1',
  JOBS_RUNNER: 'off',
});

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Role = 'steward' | 'viewer';

const handlers = {} as Record<'summary' | 'findings' | 'accept' | 'reopen' | 'history' | 'proxy', Handler>;
const cookies = {} as Record<Role, string>;
let passRound: () => ReturnType<typeof import('@/lib/server/testing/mirror-round').runMirrorRound>;
let upstream: import('@/lib/server/upstream').UpstreamClient;

async function call<T>(
  handler: Handler,
  role: Role,
  path: string,
  params: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const request = new Request(`${ORIGIN}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-console-request': '1',
      'sec-fetch-site': 'same-origin',
      cookie: cookies[role],
      ...(body === undefined ? {} : { origin: ORIGIN, 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as T };
}

const summary = async (role: Role) => (await call<AttentionSummary>(handlers.summary, role, '/api/attention')).body;
const countOf = (s: AttentionSummary, rule: string) => s.cards.find((c) => c.rule === rule)?.count ?? 0;
const findings = async (rule: string, state = 'open') =>
  (
    await call<FindingsPage>(handlers.findings, 'steward', `/api/attention/rules/${rule}?state=${state}&pageSize=100`, {
      rule,
    })
  ).body;
const round = async () => {
  const result = await passRound();
  expect(Object.values(result ?? {}).every((r) => r && 'complete' in r)).toBe(true);
};

beforeAll(async () => {
  const { getAuth } = await import('@/lib/server/auth');
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('@/lib/server/auth/bootstrap');
  const { getConsoleDb, getUpstream, currentTenant } = await import('@/lib/server/process');
  const { consoleUpstreamClient } = await import('@/lib/server/testing/console-client');
  const { runMirrorRound } = await import('@/lib/server/testing/mirror-round');
  handlers.summary = ((await import('./route')) as unknown as { GET: Handler }).GET;
  handlers.findings = ((await import('./rules/[rule]/route')) as unknown as { GET: Handler }).GET;
  handlers.accept = ((await import('./findings/[id]/accept/route')) as unknown as { POST: Handler }).POST;
  handlers.reopen = ((await import('./findings/[id]/reopen/route')) as unknown as { POST: Handler }).POST;
  handlers.history = ((await import('../history/[type]/[id]/route')) as unknown as { GET: Handler }).GET;
  handlers.proxy = ((await import('../upstream/[...path]/route')) as unknown as { PUT: Handler }).PUT;

  const auth = await getAuth();
  for (const role of ['steward', 'viewer'] as const) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
    const response = await auth.handler(signInRequest(ORIGIN, '198.51.100.9', account.email, DEMO_PASSWORD));
    cookies[role] = sessionCookie(response, account.email);
  }
  const client = consoleUpstreamClient();
  const db = await getConsoleDb();
  const tenant = currentTenant();
  passRound = () => runMirrorRound({ db, client, tenant, sweepMs: 3_600_000 });
  upstream = getUpstream();
  // The first copy, evaluated in full: the demo seed's own findings.
  await round();
}, 120_000);

describe('needs attention', () => {
  it('finds what the ERP writes, resolves a console fix before the proxy answers, hides an accepted one until its values change', async () => {
    const before = await summary('steward');
    expect(countOf(before, 'sku-barcode-check-digit')).toBe(3);
    const shared = await findings('sku-barcode-shared');
    expect(shared.total).toBe(1);
    const [products] = [await upstream.list('products', { pageSize: 1 })];
    const productId = products.data[0]!.id;
    const sharedBarcode = shared.rows[0]!.values.barcode as string;
    const [wrong, repeat] = await upstream.batch('skus', [
      { productId, outerSysCode: 'NA-WRONG', name: 'Wrong check digit', barcode: '4006381333932', sellPrice: 10 },
      { productId, outerSysCode: 'NA-REPEAT', name: 'Repeated barcode', barcode: sharedBarcode, sellPrice: 10 },
    ]);
    await round();

    const found = await summary('steward');
    expect(countOf(found, 'sku-barcode-check-digit')).toBe(4);
    expect(countOf(found, 'sku-barcode-shared')).toBe(2);
    const wrongFinding = (await findings('sku-barcode-check-digit')).rows.find(
      (f) => f.record.id === String(wrong!.id),
    )!;
    expect(wrongFinding).toMatchObject({
      record: { code: 'NA-WRONG', href: `/skus/${wrong!.id}` },
      values: { barcode: '4006381333932' },
      state: 'open',
      fix: { kind: 'edit-record', href: `/skus/${wrong!.id}/edit?focus=barcode` },
    });

    // The steward fixes the barcode in the console: resolved by the time the proxy answers.
    const put = await handlers.proxy(
      new Request(`${ORIGIN}/api/upstream/v1/skus/${wrong!.id}`, {
        method: 'PUT',
        headers: {
          'x-console-request': '1',
          'sec-fetch-site': 'same-origin',
          origin: ORIGIN,
          'content-type': 'application/json',
          cookie: cookies.steward,
        },
        body: JSON.stringify({ barcode: '4006381333931' }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(put.status).toBe(200);
    expect(countOf(await summary('steward'), 'sku-barcode-check-digit')).toBe(3);
    const history = await call<HistoryPage>(handlers.history, 'steward', `/api/history/skus/${wrong!.id}`, {
      type: 'skus',
      id: String(wrong!.id),
    });
    expect(
      history.body.entries.filter((e) => e.source === 'attention').map((e) => `${e.action} ${e.operation}`),
    ).toEqual(['resolved attention sku-barcode-check-digit', 'opened attention sku-barcode-check-digit']);

    // Accepting the repeated barcode with a reason hides it; a new barcode through /v1 reopens it.
    const repeatFinding = (await findings('sku-barcode-shared')).rows.find((f) => f.record.id === String(repeat!.id))!;
    const refused = await call(
      handlers.accept,
      'steward',
      `/api/attention/findings/${repeatFinding.id}/accept`,
      { id: repeatFinding.id },
      {},
    );
    expect(refused.status).toBe(400);
    const accepted = await call<Finding>(
      handlers.accept,
      'steward',
      `/api/attention/findings/${repeatFinding.id}/accept`,
      { id: repeatFinding.id },
      { reason: 'Same pack sold under two codes until March' },
    );
    expect(accepted.body).toMatchObject({
      state: 'accepted',
      accepted: { reason: 'Same pack sold under two codes until March' },
    });
    expect(countOf(await summary('steward'), 'sku-barcode-shared')).toBe(1);
    expect((await findings('sku-barcode-shared', 'accepted')).rows.map((f) => f.id)).toEqual([repeatFinding.id]);

    const other = (await findings('sku-barcode-check-digit')).rows[0]!.values.barcode as string;
    await upstream.batch('skus', [{ id: repeat!.id, barcode: other }]);
    await round();
    const after = (await findings('sku-barcode-shared')).rows.find((f) => f.record.id === String(repeat!.id));
    expect(after).toMatchObject({ state: 'open', accepted: null, values: { barcode: other } });
    const repeatHistory = await call<HistoryPage>(handlers.history, 'steward', `/api/history/skus/${repeat!.id}`, {
      type: 'skus',
      id: String(repeat!.id),
    });
    // (Its new barcode also has a wrong check digit: that rule opens a finding of its own.)
    expect(
      repeatHistory.body.entries.filter((e) => e.source === 'attention').map((e) => `${e.action} ${e.operation}`),
    ).toEqual([
      'reopened attention sku-barcode-shared',
      'opened attention sku-barcode-check-digit',
      'accepted attention sku-barcode-shared',
      'opened attention sku-barcode-shared',
    ]);
  }, 60_000);

  it("shows a viewer the over-limit card with the Quotas page's count, and refuses a viewer's accept", async () => {
    const { getConsoleDb, currentTenant } = await import('@/lib/server/process');
    const { readCreditPage } = await import('@/lib/server/quotas');
    const home = await summary('viewer');
    expect(home.mayAccept).toBe(false);
    expect(home.cards.some((c) => c.rule.startsWith('sku-'))).toBe(false);
    const quotas = await readCreditPage(
      await getConsoleDb(),
      currentTenant(),
      {
        tab: 'credit',
        sort: 'availableAmount',
        dir: 'asc',
        page: 1,
        pageSize: 25,
        filters: { overLimit: true, enabled: true },
      },
      'mirror',
    );
    expect(countOf(home, 'quota-over-limit')).toBe(quotas.totals.overLimit);
    expect(quotas.totals.overLimit).toBeGreaterThan(0);
    const finding = (await findings('quota-over-limit')).rows[0]!;
    const refused = await call(
      handlers.accept,
      'viewer',
      `/api/attention/findings/${finding.id}/accept`,
      { id: finding.id },
      { reason: 'no' },
    );
    expect(refused.status).toBe(403);
  });
});
