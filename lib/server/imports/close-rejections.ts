import 'server-only';
import { sql, type Kysely } from 'kysely';
import { APPLIED_ITEM_STATUSES } from '@/lib/contract/batch-statuses';
import { FAMILY_COLUMNS, type FamilyName } from '@/lib/imports/family-columns';
import { recordKey } from '@/lib/imports/target-key';
import type { ConsoleDatabase } from '../db';
import { closeRejectionsApplied } from '../sync';
import type { SentOutcome } from './history';

/**
 * The rows a chunk applied close the open rejections of the same records (issue 53): whatever sent them (a
 * resend from the rejections page, a pasted sync, a file), the record is now as the console wrote it, "fixed in
 * the console" by the person who started the attempt. In the transaction that records the rows' outcomes.
 */
export async function closeRejectionsOfAppliedRows(
  db: Kysely<ConsoleDatabase>,
  importId: string,
  jobId: string,
  family: FamilyName,
  chunks: readonly { outcomes: readonly SentOutcome[] }[],
): Promise<void> {
  const key = FAMILY_COLUMNS[family].key;
  const applied = chunks.flatMap((c) =>
    c.outcomes
      .filter((o) => APPLIED_ITEM_STATUSES.has(o.status) && o.sent)
      .map((o) => ({ key: recordKey(key, o.sent), recordId: o.recordId })),
  );
  if (!applied.some((a) => a.key !== '')) return;
  const { rows } = await sql<{ id: string; email: string }>`
    select coalesce(a.created_by, i.created_by) as id, coalesce(a.created_by_email, i.created_by_email) as email
    from import i left join import_attempt a on a.import_id = i.id and a.job_id = ${jobId}
    where i.id = ${importId}`.execute(db);
  const by = rows[0];
  if (by) await closeRejectionsApplied(db, family, applied, 'console', by);
}
