import { itemMaker, type RowIssue } from '@/lib/imports/check';
import {
  compareItem,
  COMPARE_SOURCES,
  indexLive,
  notFoundReason,
  quotaKind,
  readBefore,
  type CompareKind,
  type ComparableFamily,
  type LiveRecord,
} from '@/lib/imports/compare';
import { FAMILIES, type FamilyName } from '@/lib/imports/families';
import type { Mapping } from '@/lib/imports/mapping';
import {
  buildReferences,
  predictRefusal,
  referencesNeeded,
  repeatedInFile,
  skuMoveNote,
  skusByCode,
  targetOf,
  type References,
} from '@/lib/imports/predict';
import { lostLeadingZeros, paddedCodes } from '@/lib/imports/lost-zeros';
import { salespeopleApi } from '@/lib/contract/console/salespeople';
import { consoleFetch } from '../console-fetch';
import { fetchAllPages } from '../lists';
import { readQuotaValues } from './quota-values';
import { COMPARE_ROWS_SHOWN, type CompareResult } from './worker-protocol';

/**
 * "Compare with live data" for rows about to be sent (a file in the import worker, the rows a resend review
 * holds): reads the family's records once (every page) and the records the rows refer to, then says what each
 * row would do, and why the service would refuse it when it would.
 */

/** Kinds of a row the service would refuse: such a row is held back, not sent. */
export const FAIL_KINDS: readonly CompareKind[] = ['would_fail', 'not_found', 'ambiguous'];
export const failsPredicted = (kind: CompareKind | null | undefined) => kind != null && FAIL_KINDS.includes(kind);

export interface RowPrediction {
  kind: CompareKind;
  /** Why the service would refuse the row (a fail kind). */
  reason: RowIssue | null;
  /** The old values read, for History; null when no single record was read. */
  before: Record<string, unknown> | null;
}

/** The ids the rows refer to (products, categories, component SKUs, salespeople), read only when the rows fill those fields. */
async function readReferences(family: FamilyName, mapping: Mapping): Promise<References> {
  const need = referencesNeeded(family, new Set(mapping.filter((m): m is string => m !== null)));
  const all = <L extends Parameters<typeof fetchAllPages>[0]>(list: L, on: boolean) =>
    on ? fetchAllPages(list, {}) : Promise.resolve(undefined);
  const [products, bundles, categories, skus, internalUsers] = await Promise.all([
    all('products', need.products),
    all('bundles', need.products || need.skus),
    all('productCategories', need.categories),
    all('skus', need.skus),
    // Salespeople as every role may read them (ids and names): /v1/internal-users is the admin's alone, and a
    // steward's company file would otherwise fail its whole comparison on it.
    need.internalUsers ? consoleFetch(salespeopleApi.list) : Promise.resolve(undefined),
  ]);
  return buildReferences({ products, bundles, categories, skus, internalUsers });
}

/**
 * Compares each row that is not held back (`held`: the check found an error) with the live records. Returns
 * the summary shown and one prediction per row (null for a held-back row).
 */
export async function compareRows(
  family: ComparableFamily,
  mapping: Mapping,
  rows: readonly { line: number; cells: readonly string[]; held: boolean; damage?: RowIssue }[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ result: CompareResult; predictions: (RowPrediction | null)[]; restorable: Map<number, string> }> {
  const { list } = COMPARE_SOURCES[family];
  const [records, refs] = await Promise.all([
    fetchAllPages(list, {}, { onProgress: onProgress && ((p) => onProgress(p.fetched, p.total)) }) as Promise<
      LiveRecord[]
    >,
    readReferences(family, mapping),
  ]);
  const live = indexLive(family, records);
  const padded = paddedCodes(family, records);
  /** Rows whose ERP code Excel stripped of its leading zeros, by index, with the live code it stands for. */
  const restorable = new Map<number, string>();
  const byCode = family === 'skus' ? skusByCode(records) : null;
  const itemOf = itemMaker(FAMILIES[family], mapping);
  const items = rows.map((row) => (row.held ? null : itemOf(row.cells)));
  const quota = quotaKind(family);
  if (quota) {
    // The quotas of the companies the rows name (found by id or code), so a row that changes nothing says so.
    const named = items
      .flatMap((item) => (item ? [compareItem(family, item, live).recordId] : []))
      .filter((id): id is number => id !== null && live.byId.has(id));
    live.quotas = await readQuotaValues(quota, named, onProgress);
  }
  const targets: (string | null)[] = [];
  const compared = items.map((item, r) => {
    if (!item) return null;
    const c = compareItem(family, item, live);
    targets[r] = targetOf(family, item, c);
    return { item, c };
  });
  const repeated = repeatedInFile(
    targets,
    rows.map((r) => r.line),
  );

  const result: CompareResult = {
    counts: { create: 0, update: 0, same: 0, not_found: 0, ambiguous: 0, would_fail: 0 },
    byCode: 0,
    records: records.length,
    rows: [],
  };
  const listed: Record<CompareKind, number> = {
    create: 0,
    update: 0,
    same: 0,
    not_found: 0,
    ambiguous: 0,
    would_fail: 0,
  };
  let damaged = 0;
  const predictions = compared.map((entry, r): RowPrediction | null => {
    if (!entry) {
      const damage = rows[r]!.damage;
      if (damage) {
        damaged++;
        result.counts.would_fail++;
        if (listed.would_fail++ < COMPARE_ROWS_SHOWN)
          result.rows.push({
            line: rows[r]!.line,
            kind: 'would_fail',
            recordId: null,
            changes: [],
            byCode: false,
            reason: damage,
          });
      }
      return null;
    }
    const { item, c } = entry;
    const succeeds = c.kind === 'create' || c.kind === 'update' || c.kind === 'same';
    // A code Excel stripped of its zeros would rename or duplicate a record: it fails until the zeros are back.
    const lost = lostLeadingZeros(family, item, c, padded);
    if (lost?.restored) restorable.set(r, lost.restored);
    const refusal = lost?.issue ?? (succeeds ? (predictRefusal(family, item, refs) ?? repeated.get(r) ?? null) : null);
    const kind: CompareKind = refusal ? 'would_fail' : c.kind;
    const reason: RowIssue | null =
      refusal ?? (c.kind === 'not_found' || c.kind === 'ambiguous' ? notFoundReason(family, c.kind, item) : null);
    const note = byCode && succeeds && !refusal ? skuMoveNote(item, c, byCode) : null;
    result.counts[kind]++;
    if (c.byCode && kind === 'update') result.byCode++;
    if (listed[kind]++ < COMPARE_ROWS_SHOWN) {
      result.rows.push({
        line: rows[r]!.line,
        ...c,
        kind,
        ...(kind === 'would_fail' && reason ? { reason } : {}),
        ...(note ? { note } : {}),
      });
    }
    return { kind, reason, before: failsPredicted(kind) ? null : readBefore(family, item, c, live) };
  });
  if (restorable.size) result.restorable = restorable.size;
  if (damaged) result.damaged = damaged;
  return { result, predictions, restorable };
}
