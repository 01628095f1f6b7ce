import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { checkRows, type RowIssue } from '@/lib/imports/check';
import { FAMILIES } from '@/lib/imports/families';
import { BATCH_KEYED } from '../upstream';
import { CHUNK_SIZE, type ImportView, type RowStatus } from './store';
import type { ErrorCode } from '@/lib/contract/errors';
import type { PredictedKind } from '@/lib/contract/console/import-files';
import { storeBefore } from './store';
import { carriesLiveAmount, REVERT_AMOUNT_CARRIED } from '@/lib/contract/console/reverts';

/**
 * Attempts of an import (migration 0060). Attempt 1 is the first send; "Resend failed rows" makes the next
 * one: the rows sent again keep their earlier outcome (and the cells they had) in `import_row_attempt`,
 * take the fixed cells, and go out in new chunks under a new job of the same runtime and kind. The import
 * row always shows the latest outcome.
 */

type Db = Kysely<ConsoleDatabase>;
const json = (value: unknown) => JSON.stringify(value);

/** Statuses a row may be sent again from: it was refused, its outcome is unknown, or it did not go out. */
export const RESENDABLE: readonly RowStatus[] = ['failed', 'unknown', 'not_sent'];

import type { AttemptView } from '@/lib/contract/console/imports';
export type { AttemptView } from '@/lib/contract/console/imports';

export async function recordAttempt(
  db: Db,
  importId: string,
  attempt: { no: number; jobId: string | null; rows: number; user: { id: string; email: string } },
): Promise<void> {
  await sql`
    insert into import_attempt (import_id, no, job_id, rows, created_by, created_by_email)
    values (${importId}, ${attempt.no}, ${attempt.jobId}, ${attempt.rows}, ${attempt.user.id}, ${attempt.user.email})
    on conflict (import_id, no) do update set job_id = excluded.job_id`.execute(db);
}

export async function listAttempts(db: Db, importId: string): Promise<AttemptView[]> {
  const { rows } = await sql<{
    no: number;
    job_id: string | null;
    rows: number;
    created_by_email: string;
    created_at: Date | string;
  }>`
    select no, job_id, rows, created_by_email, created_at from import_attempt where import_id = ${importId} order by no`.execute(
    db,
  );
  return rows.map((r) => ({
    no: r.no,
    jobId: r.job_id,
    rows: r.rows,
    createdByEmail: r.created_by_email,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export class ResendError extends Error {
  constructor(
    readonly code: Extract<
      ErrorCode,
      'import_not_found' | 'import_running' | 'row_not_resendable' | 'rows_invalid' | 'nothing_to_resend'
    >,
    readonly rows: { rowNo: number; errors: RowIssue[] }[] = [],
  ) {
    super(code);
  }
}

/** A row to send again: its fixed cells, and what the review's comparison read and predicted for it. */
export interface FixedRow {
  rowNo: number;
  cells: string[];
  before?: Record<string, unknown> | null;
  predicted?: PredictedKind;
}

export interface PreparedResend {
  attempt: number;
  firstChunk: number;
  chunks: number;
  rowNos: number[];
}

/**
 * Checks the fixed rows again with the contract (the browser's live check is a convenience, not a
 * guarantee) and moves them into the next attempt, pending in new chunks. Refuses the whole resend when a
 * row cannot be sent, so nothing half-happens. The caller starts the job, or undoes this with revertResend.
 */
export async function prepareResend(db: Db, view: ImportView, fixed: readonly FixedRow[]): Promise<PreparedResend> {
  if (!fixed.length) throw new ResendError('nothing_to_resend');
  const rowNos = [...new Set(fixed.map((r) => r.rowNo))].sort((a, b) => a - b);
  const { rows: current } = await sql<{ row_no: number; line: number; status: RowStatus }>`
    select row_no, line, status from import_row
    where import_id = ${view.id} and row_no in (select jsonb_array_elements_text(${json(rowNos)}::jsonb)::int)`.execute(
    db,
  );
  const byNo = new Map(current.map((r) => [r.row_no, r]));
  const refused = rowNos.filter((n) => !RESENDABLE.includes(byNo.get(n)?.status as RowStatus));
  if (refused.length)
    throw new ResendError(
      'row_not_resendable',
      refused.map((rowNo) => ({ rowNo, errors: [] })),
    );

  const family = FAMILIES[view.family];
  const sorted = [...fixed].sort((a, b) => a.rowNo - b.rowNo);
  const checked = checkRows(
    family,
    view.headers,
    view.mapping,
    sorted.map((r) => ({ line: byNo.get(r.rowNo)!.line, cells: r.cells })),
  );
  // A quota revert's row that keeps the live amount has none in its cells: named as such, not as a missing amount.
  const invalid = checked.rows
    .map((row, i) => ({
      rowNo: sorted[i]!.rowNo,
      errors: carriesLiveAmount(view, sorted[i]!.cells) ? [{ code: REVERT_AMOUNT_CARRIED }] : row.errors,
    }))
    .filter((r) => r.errors.length);
  if (invalid.length) throw new ResendError('rows_invalid', invalid);

  const keyed = BATCH_KEYED[view.family];
  return db.transaction().execute(async (trx) => {
    const { rows: next } = await sql<{ attempt: number; chunk: number }>`
      select greatest((select coalesce(max(no), 0) from import_attempt where import_id = ${view.id}),
                      (select coalesce(max(attempt), 0) from import_row where import_id = ${view.id})) + 1 as attempt,
             (select coalesce(max(chunk), -1) + 1 from import_row where import_id = ${view.id}) as chunk`.execute(trx);
    const attempt = Number(next[0]!.attempt);
    const firstChunk = Number(next[0]!.chunk);
    await sql`
      insert into import_row_attempt (import_id, row_no, attempt, cells, status, record_id, errors)
      select import_id, row_no, attempt, cells, status, record_id, errors from import_row
      where import_id = ${view.id} and row_no in (select jsonb_array_elements_text(${json(rowNos)}::jsonb)::int)
      on conflict do nothing`.execute(trx);
    const records = checked.rows.map((row, i) => ({
      row_no: sorted[i]!.rowNo,
      cells: row.cells,
      item: row.item,
      keyed: row.item ? keyed(row.item) : false,
      warnings: row.warnings,
      chunk: firstChunk + Math.floor(i / CHUNK_SIZE),
      predicted: sorted[i]!.predicted ?? null,
    }));
    await sql`
      update import_row r set cells = x.cells, item = x.item, keyed = x.keyed, warnings = x.warnings, chunk = x.chunk,
        status = 'pending', record_id = null, errors = '[]'::jsonb, attempt = ${attempt}, predicted = x.predicted
      from jsonb_to_recordset(${json(records)}::jsonb)
        as x(row_no integer, cells jsonb, item jsonb, keyed boolean, warnings jsonb, chunk integer, predicted text)
      where r.import_id = ${view.id} and r.row_no = x.row_no`.execute(trx);
    // The old values the review read, for History, as an upload's.
    await storeBefore(trx, view.id, attempt, sorted);
    return { attempt, firstChunk, chunks: Math.ceil(records.length / CHUNK_SIZE), rowNos };
  });
}

/** Puts the rows back as they were before prepareResend (the job could not start). */
export async function revertResend(db: Db, importId: string, prepared: PreparedResend): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      update import_row r set cells = a.cells, status = a.status, record_id = a.record_id, errors = a.errors,
        attempt = a.attempt, item = null, chunk = null, predicted = null
      from import_row_attempt a
      where r.import_id = ${importId} and r.attempt = ${prepared.attempt} and a.import_id = r.import_id and a.row_no = r.row_no
        and a.attempt = (select max(b.attempt) from import_row_attempt b where b.import_id = r.import_id and b.row_no = r.row_no)`.execute(
      trx,
    );
    await sql`
      delete from import_row_attempt a using import_row r
      where a.import_id = ${importId} and r.import_id = a.import_id and r.row_no = a.row_no and a.attempt = r.attempt`.execute(
      trx,
    );
    await sql`delete from import_row_before where import_id = ${importId} and attempt = ${prepared.attempt}`.execute(
      trx,
    );
  });
}

/** The rows of the error file: refused, or held back by the check (not those skipped as unchanged). */
export async function errorFileRows(db: Db, importId: string): Promise<{ cells: string[]; errors: RowIssue[] }[]> {
  const { rows } = await sql<{ cells: string[]; errors: RowIssue[] }>`
    select cells, errors from import_row where import_id = ${importId} and status in ('failed', 'not_sent') order by row_no`.execute(
    db,
  );
  return rows;
}
