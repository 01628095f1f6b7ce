import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SeedFile } from '@/lib/contract';
import { createService } from '../app';
import { call } from '../testing/client';
import { engines } from '../testing/engines';
import { IDS, testSeed } from '../testing/fixtures';
import { stopEnginesAfterAll, useService } from '../testing/harness';
import { parseSeed, SeedError } from './load';

stopEnginesAfterAll();

function mutated(change: (seed: SeedFile) => void): unknown {
  const seed = structuredClone(testSeed());
  change(seed);
  return seed;
}

describe('seed validation', () => {
  it('names the path of a field of the wrong type', () => {
    const bad = mutated((s) => {
      (s.tenants[0]!.skus[1] as { price: unknown }).price = 'ten';
    });
    expect(() => parseSeed(bad)).toThrow(SeedError);
    expect(() => parseSeed(bad)).toThrow(/tenants\[0\]\.skus\[1\]\.price/);
  });

  it('names the path of a broken reference and of a duplicate id', () => {
    expect(() => parseSeed(mutated((s) => void (s.tenants[0]!.companies[2]!.internalUserId = 555)))).toThrow(
      /tenants\[0\]\.companies\[2\]\.internalUserId: no internal user 555/,
    );
    expect(() => parseSeed(mutated((s) => void (s.tenants[1]!.skus[0]!.id = 1)))).toThrow(
      /tenants\[1\]\.skus\[0\]\.id: duplicate SKU id 1/,
    );
    expect(() =>
      parseSeed(mutated((s) => void (s.tenants[0]!.bundles[0]!.components[0]!.componentSkuId = 101))),
    ).toThrow(/tenants\[0\]\.bundles\[0\]\.components\[0\]\.componentSkuId/);
    expect(() => parseSeed(mutated((s) => void (s.tenants[0]!.internalUsers[1]!.defaultSalesperson = true)))).toThrow(
      /defaultSalesperson/,
    );
  });

  it('a bad seed stops createService and leaves nothing running', async () => {
    await expect(
      createService({ memory: true, seed: mutated((s) => void (s.tenants[0]!.key = '')) as SeedFile }),
    ).rejects.toThrow(/tenants\[0\]\.key/);
  });

  it('the CLI refuses to start with a bad seed file and prints the path of the bad field', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    try {
      const file = path.join(dir, 'bad.json');
      writeFileSync(
        file,
        JSON.stringify(mutated((s) => void ((s.tenants[0]!.products[0] as { status: string }).status = 'Gone'))),
      );
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'service/cli.ts', '--seed', file, '--memory', '--port', '0'],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/tenants\[0\]\.products\[0\]\.status/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(engines())('seed loading on $name', (engine) => {
  const service = useService(engine);

  it('starts id sequences above the largest seeded id', async () => {
    const res = await call(service(), 'POST', '/v1/companies', { outerSysCode: 'SEQ' });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(IDS.globex.company + 1);
  });

  it('loads every seeded record kind', async () => {
    const counts = await service().db.query<Record<string, number>>(
      `select (select count(*) from tenants)::int8 as tenants, (select count(*) from credentials)::int8 as credentials,
              (select count(*) from internal_users)::int8 as users, (select count(*) from bundle_components)::int8 as components,
              (select count(*) from skus where is_bundle)::int8 as bundle_skus`,
    );
    expect(counts[0]).toEqual({ tenants: 2, credentials: 6, users: 3, components: 2, bundle_skus: 2 });
    const [hash] = await service().db.query<{ password_hash: string }>(
      'select password_hash from internal_users where id = 1',
    );
    expect(hash?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('data folder', () => {
  it('keeps its data across restarts and is not seeded twice', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'service-data-'));
    // A fresh clone has no `.data` yet: the parent folders must be created too.
    const dir = path.join(root, 'not', 'there', 'yet');
    try {
      const first = await createService({ dataDir: dir, seed: testSeed() });
      const created = await call(first, 'POST', '/v1/companies', { outerSysCode: 'PERSIST' });
      expect(created.status).toBe(201);
      await first.close();
      const second = await createService({ dataDir: dir, seed: testSeed() });
      try {
        const list = await call(second, 'GET', '/v1/companies?outerSysCode=PERSIST');
        expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
        expect((await call(second, 'GET', '/v1/companies')).body.totalCount).toBe(5);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const demo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo.json');
describe.skipIf(!existsSync(demo))('demo seed', () => {
  it('loads and answers the demo credential', async () => {
    const service = await createService({ memory: true, seed: demo });
    try {
      const res = await call(service, 'GET', '/v1/companies?pageSize=1', undefined, {
        creds: { clientId: 'demo-erp', secret: 'demo-erp-secret' },
      });
      expect(res.status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
