import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { encodeReview, REVIEW_HEADER } from '@/lib/contract/history';
import { listAudit, listHistory } from '../audit/audit-log';
import { recentFieldChanges } from '../audit/field-changes';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { runDuePass } from '../mirror/passes/passes';
import { resetState } from '../mirror/copy/state';
import { reviewRestore } from '../undo/restore-review';
import { consoleRequest, createProxyHarness, HARNESS_TENANT, type ProxyHarness } from '../testing/proxy-harness';

// History's old values are the server's (issue 61 point 3): through the real proxy, the reference service in
// process and the console database on PGlite and, where its binaries are, Postgres. What the browser says it
// reviewed is compared with what the server knew and noted, never recorded as the old value.

afterAll(stopConsoleDbEngines);

async function write(h: ProxyHarness, method: string, path: string, body: unknown, review?: Record<string, unknown>) {
  const headers = review ? { [REVIEW_HEADER]: encodeReview(review)! } : undefined;
  const response = await h.proxy(
    consoleRequest(method, path, { cookie: h.cookies.steward, body: JSON.stringify(body), headers }),
  );
  await response.text();
  return response.status;
}

async function live(h: ProxyHarness, path: string) {
  const response = await h.proxy(consoleRequest('GET', path, { cookie: h.cookies.viewer }));
  return (await response.json()) as Record<string, unknown>;
}

const reads = (h: ProxyHarness, path: string) =>
  h.reached.filter((r) => r.method === 'GET' && r.pathAndQuery === path).length;

describe.each(consoleDbEngines())('old values of console writes on $name', (engine) => {
  const h = sharedFixture(async () =>
    createProxyHarness({ connection: (await engine.open()).connection, mirror: true }),
  );
  const latest = async (type: 'companies' | 'skus', id: string) => (await listHistory(h().db, type, id))[0]!;
  beforeEach(() => {
    h().setFault(null);
    h().reached.length = 0;
  });

  it('records the platform’s old value, not a forged review, and notes what was reviewed', async () => {
    const before = (await live(h(), '/v1/companies/1')).shortName;
    expect(before).not.toMatch(/^FORGED/);
    expect(await write(h(), 'PUT', '/v1/companies/1', { shortName: 'Acme HQ' }, { shortName: 'FORGED-1' })).toBe(200);

    const entry = await latest('companies', '1');
    expect(entry.oldRead).toBe(true);
    expect(entry.changes).toEqual([
      expect.objectContaining({ field: 'shortName', from: before, to: 'Acme HQ', reviewed: 'FORGED-1' }),
    ]);
    expect(entry.changes![0]!.fromRead).toMatchObject({ by: 'read' });
    // The audit log's row says the same; nowhere is the forged value the old one.
    const [row] = (await listAudit(h().db, { filters: { operation: 'PUT /v1/companies/{id}' } })).entries;
    expect(row!.changes).toEqual([expect.objectContaining({ from: before, reviewed: 'FORGED-1' })]);
    expect(JSON.stringify(await listHistory(h().db, 'companies', '1'))).not.toMatch(/"from":"FORGED/);
    // A restore of that entry goes back to the platform's value.
    const review = await reviewRestore(h().db, h().client, 'companies', '1', entry.id);
    expect(review.fields).toEqual([expect.objectContaining({ field: 'shortName', before, state: 'holds' })]);
  });

  it('gives a write without a review the server’s old values, with nothing noted', async () => {
    const before = await live(h(), '/v1/companies/2');
    expect(await write(h(), 'PUT', '/v1/companies/2', { cellPhone: '02-2700-0002', name: 'Renamed Co' })).toBe(200);
    const entry = await latest('companies', '2');
    expect(entry.oldRead).toBe(true);
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cellPhone', from: before.cellPhone, to: '02-2700-0002' }),
        expect.objectContaining({ field: 'name', from: before.name, to: 'Renamed Co' }),
      ]),
    );
    expect(entry.changes!.some((c) => 'reviewed' in c)).toBe(false);
  });

  it('records a one-item quota batch’s old limit from the platform, and the approver reads that one', async () => {
    const quota = await live(h(), '/v1/companies/1/credit-quota');
    const body = [{ companyId: 1, creditAmount: Number(quota.creditAmount) + 1000, enabled: true, memo: '' }];
    expect(await write(h(), 'POST', '/v1/companies/credit-quota/batch', body, { creditAmount: 1 })).toBe(200);
    const entry = await latest('companies', '1');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'creditAmount', from: quota.creditAmount, reviewed: 1 }),
      ]),
    );
    const [recent] = await recentFieldChanges(h().db, 'companies', ['1'], 'creditAmount', 1);
    expect(recent).toMatchObject({ from: quota.creditAmount, to: Number(quota.creditAmount) + 1000 });
  });

  it('says "previous value not read" only where the read failed, and sends the write all the same', async () => {
    h().setFault(async (request) => {
      if (request.method === 'GET') throw new TypeError('fetch failed');
      return h().service.fetch(request);
    });
    expect(await write(h(), 'PUT', '/v1/skus/1', { name: 'Unread Oolong' }, { name: 'FORGED-2' })).toBe(200);
    h().setFault(null);
    const entry = await latest('skus', '1');
    expect(entry.result).toBe('applied');
    expect(entry.oldRead).toBe(false);
    expect(entry.changes).toEqual([{ field: 'name', to: 'Unread Oolong', reviewed: 'FORGED-2' }]);
    expect((await live(h(), '/v1/skus/1')).name).toBe('Unread Oolong');
  });

  it('reads a user’s old role from the user list, there being no read of one user by id', async () => {
    const list = await h().proxy(
      consoleRequest('GET', '/v1/internal-users?pageSize=100', { cookie: h().cookies.admin }),
    );
    const users = ((await list.json()) as { data: { id: number; roleId: number }[] }).data;
    const roles = [...new Set(users.map((u) => u.roleId))];
    // The last user of the page: a list read that stopped at the first match of anything would not find it.
    const user = users.at(-1)!;
    const to = roles.find((r) => r !== user.roleId)!;
    const path = `/v1/internal-users/${user.id}`;
    const headers = { [REVIEW_HEADER]: encodeReview({ roleId: 999 })! };
    const response = await h().proxy(
      consoleRequest('PUT', path, { cookie: h().cookies.admin, body: JSON.stringify({ roleId: to }), headers }),
    );
    expect(response.status).toBe(200);
    const [entry] = await listHistory(h().db, 'users', String(user.id));
    expect(entry!.oldRead).toBe(true);
    expect(entry!.changes).toEqual([
      expect.objectContaining({ field: 'roleId', from: user.roleId, to, reviewed: 999 }),
    ]);
  });

  it('takes the console’s copy when it agrees with the review, and reads the record once when it does not', async () => {
    await resetState(h().db, 'companies', HARNESS_TENANT);
    const pass = await runDuePass(
      { db: h().db, client: h().client, entity: 'companies', now: Date.now },
      { sweepEveryMs: 3_600_000 },
    );
    expect(pass).toMatchObject({ complete: true });
    const held = (await live(h(), '/v1/companies/2')).shortName;
    h().reached.length = 0;

    // No review, and a review that agrees: the copy, and no read before the write.
    expect(await write(h(), 'PUT', '/v1/companies/2', { shortName: 'From Copy' })).toBe(200);
    expect(reads(h(), '/v1/companies/2')).toBe(1); // the write-through's read-back, after the write
    const copied = await latest('companies', '2');
    expect(copied.changes).toEqual([expect.objectContaining({ from: held, to: 'From Copy' })]);
    expect(copied.changes![0]!.fromRead).toMatchObject({ by: 'copy' });

    h().reached.length = 0;
    expect(await write(h(), 'PUT', '/v1/companies/2', { shortName: 'Forged Copy' }, { shortName: 'FORGED-3' })).toBe(
      200,
    );
    // One read before the write (the review disagreed with the copy), one read-back after it.
    expect(reads(h(), '/v1/companies/2')).toBe(2);
    const forged = await latest('companies', '2');
    expect(forged.changes).toEqual([
      expect.objectContaining({ from: 'From Copy', to: 'Forged Copy', reviewed: 'FORGED-3' }),
    ]);
    expect(forged.changes![0]!.fromRead).toMatchObject({ by: 'read' });
  });
});
