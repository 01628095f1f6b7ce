import 'server-only';
import type { Kysely } from 'kysely';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import {
  REVERT_KINDS,
  REVERT_LEFT_CODES,
  REVERT_ROWS_SHOWN,
  REVERTIBLE_FAMILIES,
  type RevertKind,
  type RevertReview,
  type RevertRow,
} from '@/lib/contract/console/reverts';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import { classification, classifyImport } from './revert-review';
import { KEY_FIELD, sourceImport, type SourceImport } from './revert-source';
import { isQuotaFamily, leftQuotaItem, quotaKey } from './revert-quota';
import { importStore as store, PartRefusedError, storePart } from '../imports';

/**
 * Reverting an import (issue 56 point 1): a revert is an import of its own (origin `revert`, naming the import
 * it undoes), computed from History by ./revert-review.ts and sent by the family's import job, so it has the
 * import's progress, resume after a restart, one outcome per row, results download and History; each row it
 * sends carries the live values it read as its old values, so History says from → to and the revert can be
 * reverted in turn. Rows left as they are (changed since and not chosen, created by the import, not applied,
 * no old value) are rows of the revert too, skipped with the reason, so its download lists them.
 */

type Db = Kysely<ConsoleDatabase>;

export class RevertError extends Error {
  constructor(
    readonly code:
      'import_not_found' | 'import_running' | 'revert_not_supported' | 'nothing_to_revert' | 'import_already_running',
  ) {
    super(code);
  }
}

/** The import to revert, refused when it cannot be: not found, still running, or of a family not offered. */
async function revertable(db: Db, importId: string): Promise<SourceImport> {
  const source = await sourceImport(db, importId);
  if (!source) throw new RevertError('import_not_found');
  if (source.state === 'uploading' || ['planning', 'running'].includes(source.jobState ?? ''))
    throw new RevertError('import_running');
  if (!REVERTIBLE_FAMILIES.includes(source.family) || !KEY_FIELD[source.family])
    throw new RevertError('revert_not_supported');
  return source;
}

const emptyCounts = () => Object.fromEntries(REVERT_KINDS.map((k) => [k, 0])) as Record<RevertKind, number>;

/**
 * `policy`: the approval policy in force, for a quota import: the review says which rows it would hold (the job
 * decides again when it sends them, lib/server/imports/hold.ts).
 */
export async function reviewRevert(
  db: Db,
  client: UpstreamClient,
  importId: string,
  policy?: ApprovalPolicy,
  tenant?: string,
): Promise<RevertReview> {
  const source = await revertable(db, importId);
  const rows = await classifyImport(db, client, source, { approval: policy && { policy, tenant: tenant ?? '' } });
  const counts = emptyCounts();
  const shown: RevertRow[] = [];
  let waitsForApproval = 0;
  for (const row of rows) {
    counts[row.kind] += 1;
    if (row.selected && row.waitsForApproval) waitsForApproval += 1;
    if (counts[row.kind] <= REVERT_ROWS_SHOWN) shown.push(row);
  }
  return {
    importId: source.id,
    family: source.family,
    origin: source.origin,
    fileName: source.fileName,
    counts,
    waitsForApproval,
    rows: shown,
    revertsImportId: source.revertsImportId,
  };
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The id and ERP code cells of a revert's row, as a person reads them on the results page and in its download:
 * a company History names only by its ERP code (`code:…`) has an empty id and the code in the ERP code column.
 */
function keyCells(row: RevertRow, keyed: Record<string, unknown> | null): [string, string] {
  if (typeof keyed?.companyCode === 'string') return ['', keyed.companyCode];
  return [row.recordId, row.code ?? ''];
}

/**
 * The revert's mapping: the id, then the ERP code column, mapped for a quota (its company may be named by the
 * code alone) so that resending a failed row names its company as the first send did; for the other families the
 * code is shown, not written.
 */
function revertMapping(family: SourceImport['family'], fields: readonly string[]): (string | null)[] {
  return [KEY_FIELD[family]!, isQuotaFamily(family) ? 'companyCode' : null, ...fields];
}

/** The revert's row for a classified record: the old values to write back, or skipped with the reason. */
function uploadRow(
  family: SourceImport['family'],
  fields: readonly string[],
  row: RevertRow,
  rowNo: number,
): store.UploadRow {
  const key = KEY_FIELD[family]!;
  const id = Number(row.recordId);
  // A quota's company may be named by the ERP code History kept for it.
  const keyed = isQuotaFamily(family) ? quotaKey(row.recordId) : null;
  const named = keyed !== null || (Number.isSafeInteger(id) && id > 0);
  const keyItem = keyed ?? { [key]: id };
  // A value that was empty cannot be written back (null keeps the current value): left out.
  const back = row.fields.filter((f) => f.before !== null);
  const values = new Map(back.map((f) => [f.field, f.before]));
  const cells = [...keyCells(row, keyed), ...fields.map((f) => cell(values.get(f)))];
  const base = { rowNo, line: rowNo + 2, cells, warnings: [] };
  if (row.selected && named && back.length) {
    return {
      ...base,
      item: { ...keyItem, ...row.carry, ...Object.fromEntries(values) },
      errors: [],
      before: { ...row.carry, ...Object.fromEntries(back.map((f) => [f.field, f.live])) },
    };
  }
  const issue = { code: REVERT_LEFT_CODES[row.kind] };
  if (!named) return { ...base, item: null, errors: [issue] };
  const left = isQuotaFamily(family) ? leftQuotaItem(family, keyItem, row) : keyItem;
  return { ...base, item: left, skip: true, errors: [issue] };
}

/**
 * Classifies the import again with live values (the review may be minutes old) and stores the revert as an
 * import of its own. With `start`, the revert's job is started (listing chunks as their rows arrive, as an
 * upload's) as soon as the import exists, and its rows are stored part by part as the live list is read, so the
 * first chunks are sent while the rest is still compared; without it, every row is stored first. Returns the
 * new import's id and, without `start`, how many chunks it has to send.
 *
 * Nothing is created when the first part of /v1 cannot be read. Should a later part fail, the rows not yet
 * compared are stored as skipped (revert_live_unread): every row of the revert has one outcome.
 */
export async function prepareRevert(
  db: Db,
  client: UpstreamClient,
  importId: string,
  user: { id: string; email: string },
  picks: { include: readonly string[]; exclude: readonly string[] },
  options: { start?: (revertId: string) => Promise<void> } = {},
): Promise<{ revertId: string; chunks: number; family: SourceImport['family'] }> {
  const source = await revertable(db, importId);
  const plan = await classification(db, source);
  const parts = plan.parts(client, { include: new Set(picks.include), exclude: new Set(picks.exclude) });
  const family = source.family;
  const create = async () => {
    const revertId = await store.createImport(
      db,
      {
        family,
        fileName: source.fileName,
        encoding: 'utf-8',
        delimiter: ',',
        headers: ['id', 'outerSysCode', ...plan.fields],
        mapping: revertMapping(family, plan.fields),
        totalRows: plan.total,
        origin: 'revert',
      },
      user,
    );
    await store.markReverts(db, revertId, source.id);
    return revertId;
  };
  if (!options.start) {
    const rows: RevertRow[] = [];
    for await (const part of parts) rows.push(...part.rows);
    rows.push(...plan.early);
    if (!rows.some((r) => r.selected)) throw new RevertError('nothing_to_revert');
    const revertId = await create();
    await store.appendRows(
      db,
      revertId,
      family,
      rows.map((row, n) => uploadRow(family, plan.fields, row, n)),
    );
    return { revertId, chunks: await store.assignChunks(db, revertId), family };
  }
  // Whether any row will be chosen is known only at the end: a revert whose rows all changed since ends with
  // every row skipped, as its review would now say.
  if (!plan.toRead.length) throw new RevertError('nothing_to_revert');
  // Read before anything is created: /v1 unreachable at the start leaves no revert behind.
  let part = await parts.next();
  const revertId = await create();
  await options.start(revertId);
  let rowNo = 0;
  const compared = new Set<string>();
  const put = async (upload: store.UploadRow[]) => {
    for (let i = 0; i < upload.length; i += store.UPLOAD_PART_ROWS)
      await storePart(db, revertId, upload.slice(i, i + store.UPLOAD_PART_ROWS));
  };
  try {
    for (; !part.done; part = await parts.next()) {
      for (const row of part.value.rows) compared.add(row.recordId);
      await put(part.value.rows.map((row) => uploadRow(family, plan.fields, row, rowNo++)));
    }
  } catch (error) {
    if (error instanceof PartRefusedError) throw error;
    // By id, not by count: a record the walk passed without finding waits for the reads by id at the end.
    const unread = plan.toRead
      .filter((r) => !compared.has(r.recordId))
      .map((r) => unreadRow(family, plan.fields, r.recordId, rowNo++));
    await put(unread);
  }
  await put(plan.early.map((row) => uploadRow(family, plan.fields, row, rowNo++)));
  return { revertId, chunks: 0, family };
}

/** A record whose live values could not be read: not compared, so not sent. */
function unreadRow(family: SourceImport['family'], fields: readonly string[], recordId: string, rowNo: number) {
  const row: RevertRow = { recordId, code: null, rowNo, kind: 'changedSince', selected: false, fields: [] };
  const upload = uploadRow(family, fields, row, rowNo);
  return { ...upload, errors: [{ code: 'revert_live_unread' }] };
}
