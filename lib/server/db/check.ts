import 'server-only';
import pg from 'pg';

/** Where a Postgres URL points, without its password: safe to print. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || u.username || 'postgres';
    return `database "${name}" on ${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'the database in DATABASE_URL';
  }
}

/**
 * Connects once to the console database at start-up, so a wrong DATABASE_URL stops the server with the name of
 * what is missing instead of a 500 at the first sign-in. Null when it answers; otherwise the message to print.
 */
export async function checkConsoleDatabase(url: string, timeoutMs = 10_000): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A connection dropped after connecting must not crash the start; the query below reports it.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === '3D000'
        ? 'does not exist; create it (createdb) or correct DATABASE_URL'
        : code === '28P01' || code === '28000'
          ? 'refused the user name or password in DATABASE_URL'
          : `cannot be reached (${(error as Error).message || code || 'no answer'})`;
    return `DATABASE_URL: the console ${describeDatabaseUrl(url)} ${reason}. The console cannot start without it.`;
  } finally {
    await client.end().catch(() => {});
  }
}
