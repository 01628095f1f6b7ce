import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db/types';

// Many calls to a relay at once, and the sizes of its tables: for the flood probe and the cap's test.

/** `n` requests to `base`, 8 at a time: their statuses, and the minutes they were sent in. */
export async function flood(
  base: string,
  n: number,
  request: (
    i: number,
  ) => Promise<{ headers: Record<string, string>; body: string }> | { headers: Record<string, string>; body: string },
) {
  const statuses = new Map<number, number>();
  const first = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const { headers, body } = await request(i);
      const response = await fetch(`${base}/v1/skus/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  // Every worker ends before this does, even when one fails: none keeps sending into the next test.
  const failed = (await Promise.allSettled(Array.from({ length: 8 }, worker))).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const minutes = Math.floor(Date.now() / 60_000) - Math.floor(first / 60_000) + 1;
  return { statuses: Object.fromEntries(statuses), minutes };
}

export async function tableSizes(db: Kysely<ConsoleDatabase>) {
  const { rows } = await sql<{ calls: number; rejections: number; counts: number; minutes: number; counted: number }>`
    select (select count(*)::int from sync_call) as calls, (select count(*)::int from sync_rejection) as rejections,
      (select count(*)::int from sync_call_count) as counts, (select count(*)::int from sync_call_minute) as minutes,
      (select coalesce(sum(calls), 0)::int from sync_call_count) as counted
  `.execute(db);
  return rows[0]!;
}
