import type { RuleId } from './rules';
import { hasBadSpacing, hasFullWidth } from './text';

/**
 * The "Needs attention" rules a row about to be written can be judged by on its own (issue 54 point 3): the import
 * check runs them on the values it would send and warns of the findings they would open, naming the rule. Each is
 * the same test as its SQL predicate over the mirror (lib/server/attention/predicates.ts), on a row instead of
 * the copy; rules that need other records (a shared barcode, a category gone) or time (a price jump) are not here.
 * The barcode's check digit is the check's own warning already (lib/imports/excel-damage).
 */
export type RowValue = (field: string) => unknown;

export interface RowRule {
  id: RuleId;
  /** The fields it reads; a file without any of them cannot open it. */
  fields: readonly string[];
  opens: (value: RowValue) => boolean;
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

export const SKU_ROW_RULES: readonly RowRule[] = [
  {
    id: 'sku-sell-above-list',
    fields: ['price', 'sellPrice'],
    opens: (value) => {
      const price = num(value('price'));
      const sell = num(value('sellPrice'));
      return price !== null && sell !== null && price > 0 && sell > price;
    },
  },
  { id: 'sku-no-sell-price', fields: ['sellPrice'], opens: (value) => value('sellPrice') === 0 },
  {
    id: 'sku-text-spacing',
    fields: ['outerSysCode', 'name'],
    opens: (value) => hasBadSpacing(text(value('outerSysCode'))) || hasBadSpacing(text(value('name'))),
  },
  {
    id: 'sku-text-full-width',
    fields: ['outerSysCode', 'name'],
    opens: (value) => hasFullWidth(text(value('outerSysCode'))) || hasFullWidth(text(value('name'))),
  },
];
