import { sessionCookie, signInRequest } from '@/lib/server/auth/testing/sign-in';

// The console's own modules run inside a bench process, on the bench's console database.

/**
 * Sets the environment the console's modules read, before they are imported: demo mode (which creates the demo
 * accounts) at `origin` on `database` (a Postgres URL, or a folder for PGlite), the embedded service in memory, no
 * job runner.
 */
export function setInProcessConsoleEnv(origin: string, secretPrefix: string, database: string | { dataDir: string }) {
  Object.assign(process.env, {
    DEMO_MODE: '1',
    CONSOLE_URL: origin,
    BETTER_AUTH_SECRET: secretPrefix.padEnd(40, 'x'),
    SERVICE_DATA_DIR: 'memory://',
    JOBS_RUNNER: 'off',
  });
  if (typeof database === 'string') process.env.DATABASE_URL = database;
  else {
    delete process.env.DATABASE_URL;
    process.env.CONSOLE_DATA_DIR = database.dataDir;
  }
}

/** Signs in as the demo steward through the console's auth handler; the headers of a console request in that session. */
export async function stewardHeaders(origin: string): Promise<Record<string, string>> {
  const { getAuth } = await import('@/lib/server/auth');
  const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('@/lib/server/auth/bootstrap');
  const steward = DEMO_ACCOUNTS.find((a) => a.role === 'steward')!;
  const response = await (await getAuth()).handler(signInRequest(origin, '198.51.100.7', steward.email, DEMO_PASSWORD));
  return { 'x-console-request': '1', 'sec-fetch-site': 'same-origin', cookie: sessionCookie(response, steward.email) };
}
