import type { z } from 'zod';
import { acceptFor, objectRules, type Test } from './accept';
import { CellSyntax, trimmedCellValue } from './cells';
import { IDENTIFIER_FIELDS, identifierIssue } from './excel-damage';
import type { CellKind, Family, Item } from './families';
import type { Mapping } from './mapping';
import { quoter } from './value-issue';
import { attentionCheck } from './attention-check';
import { KeyIndex } from './key-index';
import { codeColumn } from './record-code';
import type { ParsedRow } from '../files/csv-parse';

/**
 * Checks every row before anything is sent, with the contract's schema of the family (the rules the
 * service applies): a row with an error is held back; warnings do not hold a row back.
 */

// A row's issue goes to the console's server and back, so its shape is the contract's.
import type { RowIssue } from '@/lib/contract/console/import-files';
export type { RowIssue } from '@/lib/contract/console/import-files';

export type RowIssues = { errors: RowIssue[]; warnings: RowIssue[] };

export type CheckedRow = RowIssues & {
  line: number;
  cells: string[];
  item: Item;
};

export type CheckCounts = { rows: number; toSend: number; heldBack: number; warned: number };

/** A row whose cell count differs from the header's. */
export const WRONG_CELL_COUNT = 'wrong_cell_count';
export const MALFORMED_QUOTES = 'malformed_quotes';
/** An upsert row with neither id nor ERP code: each import creates another record. */
export const CREATES_EVERY_TIME = 'creates_every_time';
/** A later row with the same key overwrites this one's write. */
export const DUPLICATE_KEY = 'duplicate_key';
type ZodIssueLike = { message: string; path: PropertyKey[] };

/**
 * Most rows have no issue: they share one frozen empty list instead of new arrays each. Typed as a plain
 * list so it fits the rows' fields; frozen in place, so a push onto it throws instead of reaching every row.
 */
export const NO_ISSUES: RowIssue[] = [];
Object.freeze(NO_ISSUES);

type Column = { index: number; field: string; kind: CellKind };

function mappedColumns(family: Family, mapping: Mapping): Column[] {
  const kinds = new Map(family.fields.map((f) => [f.name, f.kind]));
  const columns: Column[] = [];
  mapping.forEach((name, index) => {
    const kind = name ? kinds.get(name) : undefined;
    if (name && kind) columns.push({ index, field: name, kind });
  });
  return columns;
}

/** The batch item a row's cells make: each mapped non-empty cell read as its field's kind. */
export function itemMaker(family: Family, mapping: Mapping): (cells: readonly string[]) => Item {
  const columns = mappedColumns(family, mapping);
  return (cells) => {
    const item: Item = {};
    for (let c = 0; c < columns.length; c++) {
      const { index, field, kind } = columns[c]!;
      const raw = cells[index];
      if (raw === undefined) continue;
      const text = raw.trim();
      if (text === '') continue;
      const value = trimmedCellValue(kind, text);
      if (!(value instanceof CellSyntax)) item[field] = value;
    }
    return item;
  };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

export type FileCheck = {
  /** The issues of each row that has any, by row index, in file order. */
  issues: Map<number, RowIssues>;
  counts: CheckCounts;
  /** The column of the record's ERP code (./record-code), -1 when the file has none. */
  codeColumn: number;
};

/**
 * Checks every row; returns only the rows' issues (most rows have none). The import worker keeps the
 * parsed rows and makes each batch item again when it uploads (itemMaker): 200,000 items need not live
 * between the check and the upload.
 *
 * Most rows are valid. When the family's schema has a rule for every field and no refinement, a row is
 * checked cell by cell with the contract's rules as plain functions (accept.ts), without an item; a row
 * they do not certainly accept, a row that can only create, a short or malformed row takes the full path:
 * its item is made and the schema names its issues.
 */
export function checkFile(
  family: Family,
  headers: readonly string[],
  mapping: Mapping,
  rows: readonly ParsedRow[],
  malformedLines: readonly number[] = [],
  onProgress?: (done: number, total: number) => void,
): FileCheck {
  const columns = mappedColumns(family, mapping);
  const columnOf = new Map(columns.map((c) => [c.field, c.index + 1]));
  const malformed = new Set(malformedLines);
  const keys = new KeyIndex(family.key);
  const keyParts: unknown[] = [];
  const issues = new Map<number, RowIssues>();
  const counts: CheckCounts = { rows: rows.length, toSend: 0, heldBack: 0, warned: 0 };
  const width = headers.length;
  const makeItem = itemMaker(family, mapping);
  const quoted = quoter(family.name, columns);
  const attend = attentionCheck(
    family.name,
    columns.map((c) => c.field),
  );

  // ---- The fast path's plan: each mapped column's rule; the key and the "create only" test by column.
  const rules = objectRules(family.schema);
  const mapped = new Set(columns.map((c) => c.field));
  const tests: Test[] = [];
  const blankOk: boolean[] = [];
  let fast = rules !== null && rules.refinement === null && columns.every((c) => c.index < width);
  if (rules) {
    for (const [field, test] of rules.fields) if (!mapped.has(field) && !test(undefined)) fast = false;
    for (const c of columns) {
      const test = rules.fields.get(c.field);
      if (!test) fast = false;
      tests.push(test ?? (() => false));
      blankOk.push(test ? test(undefined) : true);
    }
  }
  const position = (field: string) => columns.findIndex((c) => c.field === field);
  const keyPositions = family.key.map((fields) => fields.map(position));
  const idAt = position('id');
  const codeAt = position('outerSysCode');
  const values: unknown[] = new Array(columns.length);
  const identifier = columns.map((c) => IDENTIFIER_FIELDS.has(c.field));

  const duplicateOf = (get: (alternative: number, i: number) => unknown, line: number): RowIssue | null => {
    for (let a = 0; a < family.key.length; a++) {
      const fields = family.key[a]!;
      let complete = true;
      for (let i = 0; i < fields.length; i++) {
        const v = get(a, i);
        if (!present(v)) {
          complete = false;
          break;
        }
        keyParts[i] = v;
      }
      if (!complete) continue;
      const earlier = keys.earlierLine(a, keyParts, line);
      return earlier === undefined ? null : { code: DUPLICATE_KEY, params: { line: earlier } };
    }
    return null;
  };
  const fieldAt = new Map(columns.map((c, i) => [c.field, i]));
  const valueOf = (field: string) => {
    const at = fieldAt.get(field);
    return at === undefined ? undefined : values[at];
  };
  const fromValues = (a: number, i: number) => {
    const at = keyPositions[a]![i]!;
    return at === -1 ? undefined : values[at];
  };

  /** A row of `width` cells, not malformed: true when the rules certainly accept it (values filled). */
  const acceptedCells = (cells: readonly string[]): boolean => {
    for (let c = 0; c < columns.length; c++) {
      const text = cells[columns[c]!.index]!.trim();
      if (text === '') {
        if (!blankOk[c]) return false;
        values[c] = undefined;
        continue;
      }
      // Excel's damage or a wrong check digit: the full path names it.
      if (identifier[c] && identifierIssue(columns[c]!.field, text)) return false;
      const value = trimmedCellValue(columns[c]!.kind, text);
      if (!tests[c]!(value)) return false;
      values[c] = value;
    }
    // A row that can only create is checked with the create schema: the full path.
    return !(
      family.upsert &&
      (idAt === -1 || values[idAt] === undefined) &&
      (codeAt === -1 || values[codeAt] === undefined)
    );
  };

  const checkFull = (cells: readonly string[], line: number): RowIssues => {
    let errors: RowIssue[] = NO_ISSUES;
    let warnings: RowIssue[] = NO_ISSUES;
    if (cells.length !== width) errors = [{ code: WRONG_CELL_COUNT, params: { found: cells.length, expected: width } }];
    if (malformed.size > 0 && malformed.has(line)) errors = [...errors, { code: MALFORMED_QUOTES }];
    for (const { index, field, kind } of columns) {
      const raw = cells[index];
      if (raw === undefined || raw.trim() === '') continue;
      const value = trimmedCellValue(kind, raw.trim());
      if (value instanceof CellSyntax) errors = [...errors, { code: value.code, field, column: index + 1 }];
      const damage = IDENTIFIER_FIELDS.has(field) ? identifierIssue(field, raw.trim()) : null;
      if (damage?.error) errors = [...errors, { ...damage.error, column: index + 1 }];
      if (damage?.warning) warnings = [...warnings, { ...damage.warning, column: index + 1 }];
    }
    const item = makeItem(cells);
    const createOnly =
      family.upsert && item.id === undefined && (item.outerSysCode === undefined || item.outerSysCode === '');
    if (errors === NO_ISSUES) {
      const schema: z.ZodType = createOnly && family.createSchema ? family.createSchema : family.schema;
      const parsed = acceptFor(schema)?.(item) ? null : schema.safeParse(item);
      if (parsed && !parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues as ZodIssueLike[]) {
          const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
          const key = `${field}\u0000${issue.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const found = { code: issue.message, ...(field ? { field, column: columnOf.get(field) } : {}) };
          errors = [...errors, quoted(found, cells)];
        }
      }
    }
    if (createOnly) warnings = [{ code: CREATES_EVERY_TIME }, ...warnings];
    if (errors === NO_ISSUES) {
      const duplicate = duplicateOf((a, i) => item[family.key[a]![i]!], line);
      if (duplicate) warnings = [...warnings, duplicate];
      const findings = attend?.((field) => item[field]);
      if (findings) warnings = [...warnings, ...findings];
    }
    return { errors, warnings };
  };

  for (let r = 0; r < rows.length; r++) {
    const { line, cells } = rows[r]!;
    if (fast && cells.length === width && !(malformed.size > 0 && malformed.has(line)) && acceptedCells(cells)) {
      counts.toSend++;
      const duplicate = duplicateOf(fromValues, line);
      const findings = attend?.(valueOf) ?? null;
      if (duplicate || findings) {
        issues.set(r, { errors: NO_ISSUES, warnings: [...(findings ?? []), ...(duplicate ? [duplicate] : [])] });
        counts.warned++;
      }
    } else {
      const found = checkFull(cells, line);
      if (found.errors.length) counts.heldBack++;
      else counts.toSend++;
      if (found.warnings.length) counts.warned++;
      if (found.errors.length || found.warnings.length) issues.set(r, found);
    }
    if (onProgress && r % 10_000 === 9_999) onProgress(r + 1, rows.length);
  }
  return { issues, counts, codeColumn: codeColumn(headers, mapping) };
}

/** checkRows with each row's item and issues beside it: for a few rows (a grid, a bulk edit, a retry). */
export function checkRows(...args: Parameters<typeof checkFile>): { rows: CheckedRow[]; counts: CheckCounts } {
  const { issues, counts } = checkFile(...args);
  const [family, , mapping, rows] = args;
  const makeItem = itemMaker(family, mapping);
  return {
    rows: rows.map(({ line, cells }, r) => {
      const found = issues.get(r);
      return {
        line,
        cells,
        item: makeItem(cells),
        errors: found?.errors ?? NO_ISSUES,
        warnings: found?.warnings ?? NO_ISSUES,
      };
    }),
    counts,
  };
}

/** A row of the check's summary: its line, the ERP code of its record when the file has one, its issues. */
export type IssueRow = RowIssues & { line: number; code?: string };

/** The first `limit` rows with an error or a warning, for the check's summary. */
export function issueRows(rows: readonly ParsedRow[], check: FileCheck, limit: number): IssueRow[] {
  const out: IssueRow[] = [];
  for (const [r, found] of check.issues) {
    if (out.length >= limit) break;
    const code = check.codeColumn === -1 ? '' : (rows[r]!.cells[check.codeColumn]?.trim() ?? '');
    out.push({ line: rows[r]!.line, ...(code ? { code } : {}), errors: found.errors, warnings: found.warnings });
  }
  return out;
}
