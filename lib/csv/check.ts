import { acceptFor } from './accept';
import { CellSyntax, cellValue } from './cells';
import type { Family, Item } from './families';
import type { Mapping } from './mapping';
import type { ParsedRow } from './parse';

/**
 * Checks every row before anything is sent, with the contract's schema of the family (the rules the
 * service applies): a row with an error is held back; warnings do not hold a row back.
 */

export type RowIssue = {
  code: string;
  /** The API field the issue is about, when it is one. */
  field?: string;
  /** 1-based column of the file the field came from. */
  column?: number;
  params?: Record<string, string | number>;
};

export type CheckedRow = {
  line: number;
  cells: string[];
  item: Item;
  errors: RowIssue[];
  warnings: RowIssue[];
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

const NONE: RowIssue[] = Object.freeze([]) as unknown as RowIssue[];

export function checkRows(
  family: Family,
  headers: readonly string[],
  mapping: Mapping,
  rows: readonly ParsedRow[],
  malformedLines: readonly number[] = [],
  onProgress?: (done: number, total: number) => void,
): { rows: CheckedRow[]; counts: CheckCounts } {
  const fields = new Map(family.fields.map((f) => [f.name, f]));
  const columns: { index: number; field: string; kind: NonNullable<ReturnType<typeof fields.get>>['kind'] }[] = [];
  mapping.forEach((name, index) => {
    const field = name ? fields.get(name) : undefined;
    if (field) columns.push({ index, field: field.name, kind: field.kind });
  });
  const columnOf = new Map(columns.map((c) => [c.field, c.index + 1]));
  const malformed = new Set(malformedLines);
  const firstLineOfKey = new Map<string, number>();
  const out: CheckedRow[] = new Array(rows.length);
  const counts: CheckCounts = { rows: rows.length, toSend: 0, heldBack: 0, warned: 0 };
  const acceptItem = acceptFor(family.schema);

  for (let r = 0; r < rows.length; r++) {
    const { line, cells } = rows[r]!;
    const item: Item = {};
    // Most rows have no issue: they share one frozen empty list instead of two new arrays each.
    let errors: RowIssue[] = NONE;
    let warnings: RowIssue[] = NONE;
    if (cells.length !== headers.length) {
      errors = [{ code: WRONG_CELL_COUNT, params: { found: cells.length, expected: headers.length } }];
    }
    if (malformed.size > 0 && malformed.has(line)) errors = [...errors, { code: MALFORMED_QUOTES }];
    for (let c = 0; c < columns.length; c++) {
      const { index, field, kind } = columns[c]!;
      const raw = cells[index];
      if (raw === undefined || raw === '' || raw.trim() === '') continue;
      const value = cellValue(kind, raw);
      if (value instanceof CellSyntax) errors = [...errors, { code: value.code, field, column: index + 1 }];
      else item[field] = value;
    }
    const createOnly = family.upsert && item.id === undefined && (item.outerSysCode === undefined || item.outerSysCode === '');
    if (errors === NONE) {
      const schema = createOnly && family.createSchema ? family.createSchema : family.schema;
      // Most rows are valid: the contract's rules as plain functions pass them; the schema names the issues of the rest.
      const accept = schema === family.schema ? acceptItem : acceptFor(schema);
      const parsed = accept?.(item) ? null : schema.safeParse(item);
      if (parsed && !parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues as ZodIssueLike[]) {
          const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
          const key = `${field}\u0000${issue.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          errors = [...errors, { code: issue.message, ...(field ? { field, column: columnOf.get(field) } : {}) }];
        }
      }
    }
    if (createOnly) warnings = [{ code: CREATES_EVERY_TIME }];
    const key = errors === NONE ? family.key(item) : null;
    if (key !== null) {
      const earlier = firstLineOfKey.get(key);
      if (earlier !== undefined) warnings = [...warnings, { code: DUPLICATE_KEY, params: { line: earlier } }];
      else firstLineOfKey.set(key, line);
    }
    out[r] = { line, cells, item, errors, warnings };
    if (errors.length) counts.heldBack++;
    else counts.toSend++;
    if (warnings.length) counts.warned++;
    if (onProgress && r % 10_000 === 9_999) onProgress(r + 1, rows.length);
  }
  return { rows: out, counts };
}
