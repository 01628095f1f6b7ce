import type { Queryable } from '../store/db';

/** Multi-row insert through unnest(): one statement per chunk of rows, fast enough for 100,000 SKUs. */
export async function insertRows(
  q: Queryable,
  table: string,
  columns: [name: string, type: string][],
  rows: unknown[][],
): Promise<void> {
  const CHUNK = 5000;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays = columns.map((_, ci) => chunk.map((row) => row[ci]));
    const names = columns.map(([n]) => n).join(', ');
    const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    await q.query(`insert into ${table} (${names}) select * from unnest(${unnest})`, arrays);
  }
}
