import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, testCluster, type PostgresServer } from '@/service/testing/postgres';
import { checkConsoleDatabase, describeDatabaseUrl } from './check';

describe('describeDatabaseUrl', () => {
  it('names the database and host, never the password', () => {
    const text = describeDatabaseUrl('postgres://console:hunter2@db.internal:6543/console_prod');
    expect(text).toBe('database "console_prod" on db.internal:6543');
    expect(text).not.toContain('hunter2');
  });
});

describe.skipIf(!postgresAvailable())('checkConsoleDatabase on a real Postgres', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await testCluster();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('passes a database that answers', async () => {
    expect(await checkConsoleDatabase(await server.createDatabase())).toBeNull();
  });

  it('names a database that does not exist', async () => {
    const url = server.url.replace(/\/[^/]*$/, '/no_such_console_db');
    const message = await checkConsoleDatabase(url);
    expect(message).toMatch(/^DATABASE_URL: the console database "no_such_console_db" on .+ does not exist/);
  });

  it('names a server that cannot be reached', async () => {
    const url = server.url.replace(`:${server.port}/`, ':1/');
    const message = await checkConsoleDatabase(url, 2000);
    expect(message).toMatch(/^DATABASE_URL: the console database ".+" on [^ ]+:1 cannot be reached/);
  });
});
