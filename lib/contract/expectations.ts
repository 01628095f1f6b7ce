import { CREDIT_AMOUNT_MAX } from './credit-quota';
import { BUNDLE_LIMITS, COMPANY_LIMITS, MONEY_MAX, PRODUCT_LIMITS, QUOTA_MEMO_MAX, SKU_LIMITS } from './values';

/**
 * What a field takes, said in words (issue 54 point 3): an error quotes the value and says what is expected
 * ("Sell price “abc” is not a number: use digits, up to 2 decimals"; "Name has 141 characters; at most 100").
 * The limits are the ones the schemas check (./values, ./credit-quota), read here, never restated; the sentences
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
