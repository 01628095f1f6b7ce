import type { CellKind } from './families';

/**
 * Cell text to the JSON value a batch item carries. A cell that does not read as its kind is passed on as
 * the text itself, so the contract schema refuses it with its own code (a wrong type is invalid_parameter);
 * only the components cell, whose syntax is ours, has a code of its own.
 */

export const COMPONENTS_SYNTAX = 'invalid_components_cell';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// "1,234.5" as Excel writes it with a thousands separator.
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

const TRUE = new Set(['true', 'yes', 'y', '1', 'on', '是', '啟用', 'v']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off', '否', '停用']);

export type Component = { componentSkuId?: number; componentSkuOuterSysCode?: string; quantity: number; sort: number };

/**
 * `CODE*QTY|CODE*QTY`, one bundle per row; `id:12*2` names a component by SKU id. The quantity defaults to
 * 1 when `*QTY` is left out; the order in the cell is the recipe's sort order.
 */
export function parseComponents(text: string): Component[] | null {
  const parts = text
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: Component[] = [];
  for (const [i, part] of parts.entries()) {
    const star = part.lastIndexOf('*');
    const ref = (star === -1 ? part : part.slice(0, star)).trim();
    const qtyText = star === -1 ? '1' : part.slice(star + 1).trim();
    if (ref === '' || !DECIMAL.test(qtyText)) return null;
    const quantity = Number(qtyText);
    const idMatch = /^id:\s*(\d+)$/i.exec(ref);
    out.push(
      idMatch
        ? { componentSkuId: Number(idMatch[1]), quantity, sort: i + 1 }
        : { componentSkuOuterSysCode: ref, quantity, sort: i + 1 },
    );
  }
  return out;
}

/** A cell whose text breaks a syntax of ours (only the components cell has one). */
export class CellSyntax {
  constructor(readonly code: string) {}
}

const COMPONENTS_ERROR = new CellSyntax(COMPONENTS_SYNTAX);

/**
 * The value of a non-empty cell (empty cells are left out by the caller), or a CellSyntax. No wrapper
 * object per cell: the check runs this on every cell of files of 100,000 rows.
 */
export function cellValue(kind: CellKind, raw: string): unknown {
  return trimmedCellValue(kind, raw.trim());
}

/** cellValue of a cell already trimmed. */
export function trimmedCellValue(kind: CellKind, text: string): unknown {
  switch (kind) {
    case 'text':
      return text;
    case 'long':
      return INTEGER.test(text) ? Number(text) : text;
    case 'number':
      // A plain decimal first (most cells); a grouped one ("1,234.5") has a comma, which DECIMAL refuses.
      if (DECIMAL.test(text)) return Number(text);
      return GROUPED.test(text) ? Number(text.replaceAll(',', '')) : text;
    case 'boolean': {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : text;
    }
    case 'components':
      return parseComponents(text) ?? COMPONENTS_ERROR;
  }
}
