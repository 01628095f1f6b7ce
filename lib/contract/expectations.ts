import { charLength } from './char-length';
import {
  BUNDLE_LIMITS,
  COMPANY_LIMITS,
  CREDIT_AMOUNT_MAX,
  MONEY_MAX,
  PRODUCT_LIMITS,
  QUOTA_MEMO_MAX,
  SKU_LIMITS,
} from './values';

/**
 * What a field takes, said in words (issue 54 point 3): an error quotes the value and says what is expected
 * ("Sell price “abc” is not a number: use digits, up to 2 decimals"; "Name has 141 characters; at most 100").
 * The limits are the ones the schemas check (./values), read here, never restated; the sentences
 * live in the catalogues under `valueIssues.<sentence>`, keyed by the sentence names below.
 */

/** The sentence of a value a field refused, with the parameters it quotes. */
export type ValueSentence = 'number' | 'whole' | 'yesNo' | 'tooLong' | 'range' | 'wholeRange' | 'atLeast' | 'quantity';

export interface NumberRule {
  /** A whole number (an id, a precision) or a decimal with at most `decimals` places. */
  whole?: boolean;
  decimals?: number;
  min?: number;
  max?: number;
}

/** Prices are written and shown with two decimals (the highest, MONEY_MAX, has two). */
export const MONEY_DECIMALS = 2;
/** Quantities and amounts are stored at 4 decimals (contract.md "Response shapes"). */
export const STORED_DECIMALS = 4;

const money: NumberRule = { decimals: MONEY_DECIMALS, min: 0, max: MONEY_MAX };

/** The numeric fields of the writes whose range the contract checks; every other numeric field is an id. */
export const NUMBER_RULES: Record<string, NumberRule> = {
  price: money,
  sellPrice: money,
  quantityPrecision: { whole: true, min: 0, max: 4 },
  inventoryQty: { decimals: STORED_DECIMALS, min: 0 },
  creditAmount: { decimals: STORED_DECIMALS, min: 0, max: CREDIT_AMOUNT_MAX },
  balance: { decimals: STORED_DECIMALS, min: 0 },
};

/** The range codes of the contract, by the fields they are about. */
export const RANGE_CODES: Record<string, readonly string[]> = {
  invalid_price: ['price', 'sellPrice'],
  invalid_quantity_precision: ['quantityPrecision'],
  invalid_inventory_qty: ['inventoryQty'],
  invalid_credit_amount: ['creditAmount'],
  invalid_balance: ['balance'],
};

export type TextResource = 'company' | 'product' | 'sku' | 'bundle' | 'quota';

const TEXT_LIMITS: Record<TextResource, Record<string, number>> = {
  company: COMPANY_LIMITS,
  product: PRODUCT_LIMITS,
  sku: SKU_LIMITS,
  bundle: BUNDLE_LIMITS,
  quota: { memo: QUOTA_MEMO_MAX },
};

/** The most characters a text field of `resource` holds, or undefined when the contract sets none. */
export function textLimit(resource: TextResource, field: string): number | undefined {
  return TEXT_LIMITS[resource][field];
}

/** A limit as the sentences show it: grouped, its decimals kept (99,999,999,999,999.9999 is shown so). */
export function limitText(value: number): string {
  const exact = value === CREDIT_AMOUNT_MAX ? '99999999999999.9999' : String(value);
  const [whole, fraction] = exact.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** How a value is written, as far as its sentence goes: free text, a whole number, a decimal, yes or no. */
export type ValueKind = 'text' | 'whole' | 'number' | 'boolean';

/** A sentence of `valueIssues` with what it quotes (the field's label is the reader's to add). */
export interface ValueExpectation {
  expect: ValueSentence;
  params: Record<string, string | number>;
}

/** Long values are quoted by their start: the sentence stays readable under a field or in a table's cell. */
const QUOTE_MAX = 40;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text);

/**
 * The sentence for a value the contract's check refused with `code`, quoting `text` and saying what `field`
 * takes; null when the code is not about the value's form or range (a missing field, a duplicate code). Read by
 * the import check (a cell) and by the forms (a box), so both say the same. `maxChars` is the field's text limit
 * (textLimit, or the form's own LIMITS entry).
 */
export function expectationOf(
  code: string,
  field: string,
  text: string,
  kind: ValueKind | undefined,
  maxChars: number | undefined,
): ValueExpectation | null {
  const value = quote(text);
  if (code.endsWith('_too_long') || code === 'invalid_memo') {
    return maxChars === undefined ? null : { expect: 'tooLong', params: { length: charLength(text), max: maxChars } };
  }
  const rule = NUMBER_RULES[field];
  if (code === 'invalid_parameter') {
    if (kind === 'boolean') return { expect: 'yesNo', params: { value } };
    if (kind === 'whole' || rule?.whole) return { expect: 'whole', params: { value } };
    if (kind === 'number') return { expect: 'number', params: { value, decimals: rule?.decimals ?? STORED_DECIMALS } };
    return null;
  }
  if (!RANGE_CODES[code]?.includes(field) || !rule) return null;
  const min = limitText(rule.min ?? 0);
  if (rule.whole) return { expect: 'wholeRange', params: { value, min, max: limitText(rule.max ?? 0) } };
  // A stock quantity's decimals are its SKU's, which neither a file nor the quantity's own box carries.
  if (field === 'inventoryQty') return { expect: 'quantity', params: { value, min } };
  if (rule.max === undefined) return { expect: 'atLeast', params: { value, min } };
  return { expect: 'range', params: { value, min, max: limitText(rule.max) } };
}
