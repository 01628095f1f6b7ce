import 'server-only';
import pg from 'pg';

/**
 * LISTEN on a Postgres database for notices from other instances, on a client of its own (a pooled connection
 * goes back to the pool and its LISTEN with it). Best effort: a dropped connection is not re-opened, and
 * listeners look on their own anyway. Resolves to a function that stops listening.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify();
  });
  await client.connect();
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return async () => {
    await client.end().catch(() => {});
  };
}
