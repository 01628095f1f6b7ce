import { afterAll, beforeAll, expect } from 'vitest';
import type { SeedFile } from '@/lib/contract';
import type { Service, ServiceOptions } from '../app';
import type { Engine } from './engines';
import { stopEngines } from './engines';
import { call } from './client';
import { CREDS, testSeed, type Creds } from './fixtures';

/**
 * One seeded service per engine per describe block (tests share it, so they use their own codes), closed
 * after the block. Returns a getter because the service exists only once beforeAll has run.
 */
export function useService(
  engine: Engine,
  options: Omit<ServiceOptions, 'db' | 'seed' | 'memory' | 'dataDir' | 'databaseUrl'> = {},
  seed = testSeed(),
): () => Service {
  let service: Service | undefined;
  beforeAll(async () => {
    service = await engine.start(seed, options);
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('service not started');
    return service;
  };
}

/**
 * A seeded service (as useService) on a clock the tests move (`clock.now`, from `startMs`), and calls to it signed
 * at that time: for what the service stamps and filters by time (updatedAt, updatedSince).
 */
export function useClockedService(engine: Engine, seed: SeedFile, startMs: number) {
  const clock = { now: startMs };
  const service = useService(engine, { now: () => clock.now }, seed);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const api = <T = any>(method: string, path: string, body?: unknown) =>
    call<T>(service(), method, path, body, { nowMs: clock.now });
  return { service, clock, api };
}

/** Calls the service signed with `creds`, the ERP's unless given: the answer's status and parsed body. */
export function callAs(service: () => Service) {
  return (method: string, path: string, body?: unknown, creds: Creds = CREDS.erp) =>
    call(service(), method, path, body, { creds });
}

/**
 * An id the tenant has no `resource` under (missing, another tenant's, or a record of another kind) reads as
 * nothing there: GET 404 not_found, PUT 404 "<noun> not found", and a batch item for it fails not_found.
 */
export async function expectNoSuchRecord(api: ReturnType<typeof callAs>, resource: string, noun: string, id: number) {
  expect(await api('GET', `/v1/${resource}/${id}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
  expect(await api('PUT', `/v1/${resource}/${id}`, { name: 'x' })).toMatchObject({
    status: 404,
    body: { error: `${noun} not found` },
  });
  const batch = await api('POST', `/v1/${resource}/batch`, [{ id, name: 'x' }]);
  expect(batch.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: ['not_found'] });
}

/** Stops this file's Postgres cluster after every block has run. */
export function stopEnginesAfterAll(): void {
  afterAll(async () => {
    await stopEngines();
  });
}

/**
 * Makes `fire`'s concurrent writes overlap for real on Postgres: a transaction holds a SHARE lock on `table`
 * until `waiters` client backends are waiting on a lock, so each request has looked its key up before any
 * has written it, unless the service serialises them. PGlite runs one transaction at a time: there it fires.
 */
export async function overlapOnPostgres<T>(
  engine: Engine,
  service: Service,
  { table, waiters }: { table: string; waiters: number },
  fire: () => Promise<T>,
): Promise<T> {
  if (engine.name !== 'postgres') return fire();
  let release = () => {};
  let locked = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = service.db.transaction(async (tx) => {
    await tx.query(`lock table ${table} in share mode`);
    locked();
    await new Promise<void>((r) => (release = r));
  });
  await isLocked;
  const pending = fire();
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [row] = await service.db.query<{ n: number }>(
      // This database's waiters only: the test run's other files share the cluster (lib/testing/postgres.global.ts).
      "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and backend_type = 'client backend' and datname = current_database()",
    );
    if ((row?.n ?? 0) >= waiters) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  release();
  await holder;
  return pending;
}

/**
 * Runs `fire` while the database refuses every write to `table` whose new row matches `refused` (SQL over `new`): a
 * real database fault, a trigger rather than a mock. The trigger is dropped afterwards, whatever happened.
 */
export async function withRefusedRows<T>(
  service: Service,
  table: string,
  refused: string,
  fire: () => Promise<T>,
): Promise<T> {
  const name = `refuse_${table}_in_test`;
  await service.db.exec(`
    create function ${name}() returns trigger language plpgsql as $$
    begin
      if ${refused} then raise exception 'refused by test trigger'; end if;
      return new;
    end $$;
    create trigger ${name} before insert or update on ${table} for each row execute function ${name}();`);
  try {
    return await fire();
  } finally {
    await service.db.exec(`drop trigger ${name} on ${table}; drop function ${name}();`);
  }
}
