import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalUser, type SeedFile } from '@/lib/contract';
import { buildQuery } from '@/lib/signing';
import type { Service } from '../app';
import { call } from '../testing/client';
import { engines, stopEngines } from '../testing/engines';
import { IDS, testSeed } from '../testing/fixtures';
import { overlapOnPostgres } from '../testing/harness';

/**
 * Back-office users against the real service on PGlite and Postgres: list, create, partial update, the
 * role and status rules, the last loginable administrator, password hashing and session epochs.
 */
const A = IDS.acme;
const WAREHOUSE_ROLE = 3;
const SECOND_ADMIN_ROLE = 4;

function userSeed(): SeedFile {
  const seed = testSeed();
  const acme = seed.tenants[0]!;
  acme.roles.push(
    { id: WAREHOUSE_ROLE, name: 'Warehouse', isAdmin: false },
    { id: SECOND_ADMIN_ROLE, name: 'IT', isAdmin: true },
  );
  acme.internalUsers.push(
    {
      id: 3,
      account: 'ware_100%',
      name: 'Wendy Store',
      email: 'wendy@acme.test',
      password: 'wendy-password',
      roleId: WAREHOUSE_ROLE,
      status: 'Inactive',
      outerSysCode: 'U003',
      defaultSalesperson: false,
    },
    {
      id: 4,
      account: 'warehouse',
      name: 'Walter',
      email: 'walter@acme.test',
      password: 'walter-password',
      roleId: WAREHOUSE_ROLE,
      status: 'Active',
      outerSysCode: 'U004',
      defaultSalesperson: false,
    },
  );
  return seed;
}

const START = Date.parse('2026-10-01T00:00:00.000Z');

describe.each(engines())('internal users on $name', (engine) => {
  let service: Service;
  let clock = START;
  const logs: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = <T = any>(method: string, path: string, body?: unknown) =>
    call<T>(service, method, path, body, { nowMs: clock });
  const list = (params: [string, string | number][]) => api('GET', `/v1/internal-users${buildQuery(params)}`);
  const ids = async (params: [string, string | number][]) =>
    (await list(params)).body.data.map((u: { id: number }) => u.id);
  const put = (id: number, body: unknown) => api('PUT', `/v1/internal-users/${id}`, body);
  const create = (body: Record<string, unknown>) =>
    api('POST', '/v1/internal-users', {
      account: 'new.user',
      name: 'New User',
      email: 'new@acme.test',
      password: 'long-enough',
      roleId: A.salesRole,
      ...body,
    });
  const stored = async (id: number) => {
    const [row] = await service.db.query<{
      password_hash: string;
      session_epoch: number;
      status: string;
      role_id: number;
    }>('select password_hash, session_epoch, status, role_id from internal_users where id = $1', [id]);
    return row!;
  };
  const read = async (id: number) =>
    (await list([['pageSize', 100]])).body.data.find((u: { id: number }) => u.id === id);

  beforeAll(async () => {
    service = await engine.start(userSeed(), { now: () => clock, log: (line) => logs.push(line) });
  });
  afterAll(async () => {
    await service?.close();
    await stopEngines();
  });

  describe('list', () => {
    it('returns exactly the documented fields, never a password or hash, only for this tenant', async () => {
      const res = await list([]);
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([1, 2, 3, 4]);
      for (const user of res.body.data) expect(internalUser.strict().parse(user)).toEqual(user);
      expect(res.body.data[0]).toEqual({
        id: 1,
        account: 'admin',
        name: 'Admin',
        email: 'admin@acme.test',
        roleId: 1,
        status: 'Active',
        outerSysCode: '',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    });

    it('filters account, name and outerSysCode as literal case-insensitive substrings, roleId and status exactly', async () => {
      expect(await ids([['account', 'WARE']])).toEqual([3, 4]);
      expect(await ids([['account', '100%']])).toEqual([3]);
      expect(await ids([['account', '_']])).toEqual([3]);
      expect(await ids([['name', 'sALLY']])).toEqual([2]);
      expect(await ids([['outerSysCode', 'u00']])).toEqual([2, 3, 4]);
      expect(await ids([['roleId', WAREHOUSE_ROLE]])).toEqual([3, 4]);
      expect(await ids([['status', 'Inactive']])).toEqual([3]);
      expect(await ids([['status', 'inactive']])).toEqual([]);
      expect((await list([['roleId', 'abc']])).body).toEqual({ error: 'invalid_parameter' });
    });
  });

  describe('create', () => {
    it('creates an Active user (201 { id }) whose password is stored only as an argon2 hash', async () => {
      clock = START + 1000;
      const res = await create({ account: 'cashier', password: 'cashier-secret-1', outerSysCode: 'U010' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number) });
      expect(await read(res.body.id)).toEqual({
        id: res.body.id,
        account: 'cashier',
        name: 'New User',
        email: 'new@acme.test',
        roleId: A.salesRole,
        status: 'Active',
        outerSysCode: 'U010',
      });
      const { password_hash } = await stored(res.body.id);
      expect(password_hash).toMatch(/^\$argon2id\$/);
      expect(password_hash).not.toContain('cashier-secret-1');
      expect(await verify(password_hash, 'cashier-secret-1')).toBe(true);
      expect(await ids([['updatedSince', new Date(clock).toISOString()]])).toEqual([res.body.id]);
    });

    it('accepts status case-insensitively and stores its canonical spelling', async () => {
      const res = await create({ account: 'temp', status: ' inACTIVE ' });
      expect(res.status).toBe(201);
      expect((await read(res.body.id)).status).toBe('Inactive');
    });

    it('reports errors in the contract order, the first one only', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ account: null, name: 'n'.repeat(31), roleId: undefined }, 'account_required'],
        [{ account: '  ' }, 'account_required'],
        [{ name: '' }, 'name_required'],
        [{ email: undefined }, 'email_required'],
        [{ password: '' }, 'password_required'],
        [{ account: 'a'.repeat(51), name: 'n'.repeat(31) }, 'account_too_long'],
        [{ name: 'n'.repeat(31), email: 'e'.repeat(101) }, 'name_too_long'],
        [{ email: 'e'.repeat(101), outerSysCode: 'o'.repeat(51) }, 'email_too_long'],
        [{ outerSysCode: 'o'.repeat(51), password: 'short' }, 'outer_sys_code_too_long'],
        [{ password: 'seven77', roleId: 999 }, 'invalid_password'],
        [{ password: 'p'.repeat(129) }, 'invalid_password'],
        [{ roleId: undefined, status: 'Enabled' }, 'invalid_role_id'],
        [{ roleId: 999, status: 'Enabled' }, 'invalid_role_id'],
        [{ roleId: IDS.globex.adminRole }, 'invalid_role_id'],
        [{ status: 'Enabled', account: 'admin' }, 'invalid_status'],
        [{ account: 'admin' }, 'account_already_used'],
        [{ account: ' ADMIN ' }, 'account_already_used'],
        [{ account: 5 }, 'invalid_parameter'],
      ];
      for (const [body, code] of cases) {
        const res = await create(body);
        expect({ body, res: res.body, status: res.status }).toEqual({ body, res: { error: code }, status: 400 });
      }
      // Names at their limits (30 characters, counted as code points) are fine; another tenant may reuse an account.
      expect((await create({ account: 'limits', name: '名'.repeat(30), password: 'p'.repeat(128) })).status).toBe(201);
      const globex = await call(
        service,
        'POST',
        '/v1/internal-users',
        { account: 'sales', name: 'G', email: 'g@g', password: 'long-enough', roleId: IDS.globex.adminRole },
        {
          creds: { clientId: 'globex-erp', secret: 'globex-erp-secret' },
          nowMs: clock,
        },
      );
      expect(globex.status).toBe(201);
    });
  });

  it('creates one account once, even when the same account is sent several times at once', async () => {
    const fire = () => Promise.all(Array.from({ length: 4 }, (_, i) => create({ account: i % 2 ? 'Racer' : 'racer' })));
    const results = await overlapOnPostgres(engine, service, { table: 'internal_users', waiters: 4 }, fire);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.error)).toEqual(
      Array(3).fill('account_already_used'),
    );
    expect(await ids([['account', 'racer']])).toHaveLength(1);
  });

  describe('update', () => {
    it('merges partially: omitted fields, including the password, keep their value', async () => {
      const before = await stored(A.sales);
      const res = await put(A.sales, { email: 'sally@new.test', name: null });
      expect(res).toMatchObject({ status: 200, body: { id: A.sales } });
      expect(await read(A.sales)).toEqual({
        id: 2,
        account: 'sales',
        name: 'Sally',
        email: 'sally@new.test',
        roleId: 2,
        status: 'Active',
        outerSysCode: 'U002',
      });
      const after = await stored(A.sales);
      expect(after.password_hash).toBe(before.password_hash);
      expect(after.session_epoch).toBe(before.session_epoch);
    });

    it('changes the password to a new hash', async () => {
      await put(A.sales, { password: 'brand-new-password' });
      const { password_hash } = await stored(A.sales);
      expect(await verify(password_hash, 'brand-new-password')).toBe(true);
      expect(await verify(password_hash, 'admin-password')).toBe(false);
    });

    it('answers 404 not_found for a missing or foreign user', async () => {
      for (const id of [9999, IDS.globex.admin]) {
        expect(await put(id, { name: 'x' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
      }
    });

    it('validates every field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'n'.repeat(31) }, 'name_too_long'],
        [{ email: 'e'.repeat(101) }, 'email_too_long'],
        [{ password: 'short' }, 'invalid_password'],
        [{ password: 'p'.repeat(129) }, 'invalid_password'],
        [{ roleId: 999 }, 'invalid_role_id'],
        [{ roleId: IDS.globex.adminRole }, 'invalid_role_id'],
        [{ status: 'Disabled' }, 'invalid_status'],
        [{ outerSysCode: 'o'.repeat(51) }, 'outer_sys_code_too_long'],
        [{ roleId: 'two' }, 'invalid_parameter'],
      ];
      for (const [body, code] of cases) expect((await put(4, body)).body).toEqual({ error: code });
      expect((await put(4, [1])).body).toEqual({ error: 'invalid_parameter' });
      expect(await read(4)).toMatchObject({
        name: 'Walter',
        roleId: WAREHOUSE_ROLE,
        status: 'Active',
        outerSysCode: 'U004',
      });
    });

    it("ends the user's sessions on deactivation and on a role change, not on other edits", async () => {
      const epoch = async () => (await stored(4)).session_epoch;
      const start = await epoch();
      await put(4, { name: 'Walter W.', roleId: WAREHOUSE_ROLE, status: 'active' });
      expect(await epoch()).toBe(start);
      await put(4, { status: 'INACTIVE' });
      expect((await read(4)).status).toBe('Inactive');
      expect(await epoch()).toBe(start + 1);
      await put(4, { status: 'Active' });
      expect(await epoch()).toBe(start + 1);
      await put(4, { roleId: A.salesRole });
      expect((await read(4)).roleId).toBe(A.salesRole);
      expect(await epoch()).toBe(start + 2);
    });
  });

  describe('the last loginable administrator', () => {
    it('cannot be deactivated or demoted while no other loginable administrator exists', async () => {
      const before = await stored(A.admin);
      expect(await put(A.admin, { status: 'Inactive' })).toMatchObject({
        status: 409,
        body: { error: 'last_active_admin' },
      });
      expect(await put(A.admin, { roleId: A.salesRole })).toMatchObject({
        status: 409,
        body: { error: 'last_active_admin' },
      });
      expect(await put(A.admin, { roleId: WAREHOUSE_ROLE, name: 'Renamed' })).toMatchObject({ status: 409 });
      expect(await stored(A.admin)).toEqual(before);
      expect((await read(A.admin)).name).toBe('Admin');
      // Moving to another administrator role keeps them loginable: allowed.
      expect((await put(A.admin, { roleId: SECOND_ADMIN_ROLE })).status).toBe(200);
      expect((await put(A.admin, { roleId: A.adminRole })).status).toBe(200);
    });

    it('an inactive administrator does not count; a second active one does', async () => {
      // User 3 is Inactive: making them an administrator does not make user 1 replaceable.
      expect((await put(3, { roleId: A.adminRole })).status).toBe(200);
      expect((await put(A.admin, { status: 'Inactive' })).status).toBe(409);
      // Once user 3 is Active, user 1 may go.
      expect((await put(3, { status: 'Active' })).status).toBe(200);
      const epoch = (await stored(A.admin)).session_epoch;
      expect(await put(A.admin, { status: 'Inactive' })).toMatchObject({ status: 200, body: { id: A.admin } });
      expect(await stored(A.admin)).toMatchObject({ status: 'Inactive', session_epoch: epoch + 1 });
      // Now user 3 is the only one: neither deactivation nor demotion.
      expect((await put(3, { status: 'inactive' })).body).toEqual({ error: 'last_active_admin' });
      expect((await put(3, { roleId: WAREHOUSE_ROLE })).body).toEqual({ error: 'last_active_admin' });
      // A demotion of a not-loginable administrator is fine.
      expect((await put(A.admin, { roleId: A.salesRole })).status).toBe(200);
    });

    it('two administrators removing each other at once leave one of them', async () => {
      expect((await put(A.admin, { roleId: A.adminRole, status: 'Active' })).status).toBe(200);
      // On Postgres, hold both rows for a moment so the two requests really overlap: each must see the
      // other's outcome, not a snapshot from before it (PGlite runs one transaction at a time anyway).
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder =
        engine.name === 'postgres'
          ? service.db.transaction(async (tx) => {
              await tx.query('select id from internal_users where id in (1, 3) for update');
              locked();
              await new Promise<void>((r) => (release = r));
            })
          : (locked(), Promise.resolve());
      await isLocked;
      const both = Promise.all([put(A.admin, { status: 'Inactive' }), put(3, { status: 'Inactive' })]);
      await new Promise((r) => setTimeout(r, 300));
      release();
      await holder;
      const [a, b] = await both;
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(
        await ids([
          ['roleId', A.adminRole],
          ['status', 'Active'],
        ]),
      ).toHaveLength(1);
    });
  });

  it('never writes a password into the log', () => {
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of ['cashier-secret-1', 'brand-new-password', 'long-enough']) expect(text).not.toContain(secret);
  });
});
