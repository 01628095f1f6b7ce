import { charLength } from '@/lib/contract/char-length';
import {
  limitText,
  NUMBER_RULES,
  RANGE_CODES,
  STORED_DECIMALS,
  textLimit,
  type TextResource,
  type ValueSentence,
} from '@/lib/contract/expectations';
import type { CellKind, FamilyName } from './family-columns';
import type { RowIssue } from '@/lib/contract/console/import-files';

/**
 * A contract check's issue with the value it refused and what the field takes (issue 54 point 3): the schema
 * names the code; this adds `expect` (the sentence, `valueIssues.<expect>` in the catalogues) and its parameters,
 * so a row says "Sell price “abc” is not a number: use digits, up to 2 decimals" instead of "a value has the
 * wrong type". The limits are the contract's (lib/contract/expectations).
 */

const RESOURCE_OF: Record<FamilyName, TextResource> = {
  companies: 'company',
  products: 'product',
  skus: 'sku',
  bundles: 'bundle',
  stock: 'sku',
  prices: 'sku',
  bundlePrices: 'bundle',
  pointQuotas: 'quota',
  creditQuotas: 'quota',
};

/** Long cells are quoted by their start: the sentence stays readable in a table's cell. */
const QUOTE_MAX = 40;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text);

type Sentence = { expect: ValueSentence; params: Record<string, string | number> };

export function valueSentence(
  code: string,
  field: string,
  family: FamilyName,
  kind: CellKind | undefined,
  text: string,
): Sentence | null {
  const value = quote(text);
  if (code.endsWith('_too_long') || code === 'invalid_memo') {
    const max = textLimit(RESOURCE_OF[family], field);
    return max === undefined ? null : { expect: 'tooLong', params: { length: charLength(text), max } };
  }
  const rule = NUMBER_RULES[field];
  if (code === 'invalid_parameter') {
    if (kind === 'boolean') return { expect: 'yesNo', params: { value } };
    if (kind === 'long' || rule?.whole) return { expect: 'whole', params: { value } };
    if (kind === 'number') return { expect: 'number', params: { value, decimals: rule?.decimals ?? STORED_DECIMALS } };
    return null;
  }
  if (!RANGE_CODES[code]?.includes(field) || !rule) return null;
  const min = limitText(rule.min ?? 0);
  if (rule.whole) return { expect: 'wholeRange', params: { value, min, max: limitText(rule.max ?? 0) } };
  // A stock quantity's decimals are its SKU's, which a file does not carry.
  if (field === 'inventoryQty') return { expect: 'quantity', params: { value, min } };
  if (rule.max === undefined) return { expect: 'atLeast', params: { value, min } };
  return { expect: 'range', params: { value, min, max: limitText(rule.max) } };
}

/** For the check: an issue of a mapped field, with its cell's value quoted when the contract says what it takes. */
export function quoter(
  family: FamilyName,
  columns: readonly { index: number; field: string; kind: CellKind }[],
): (issue: RowIssue, cells: readonly string[]) => RowIssue {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return (issue, cells) => {
    const column = issue.field ? byField.get(issue.field) : undefined;
    const text = column ? cells[column.index]?.trim() : undefined;
    if (!column || text === undefined || text === '') return issue;
    const sentence = valueSentence(issue.code, column.field, family, column.kind, text);
    return sentence ? { ...issue, params: { ...issue.params, expect: sentence.expect, ...sentence.params } } : issue;
  };
}
