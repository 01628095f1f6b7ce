/**
 * An amount as people type it into an amount box (the quota dialog's credit and points, prices, the approval
 * policy's thresholds): the way every page writes amounts ("2,340,000"), with the currency in front
 * ("NT$2,340,000", "NT＄2,340,000", "$2,340,000") and in the full-width characters a Chinese input method gives
 * ("２，３４０，０００", "２３４００００．５"). One reader for every amount box, so a box never takes what another
 * refuses. No network, no locale: the console's two languages both group by thousands with a comma and write a
 * decimal point.
 */

/** Full-width ASCII (U+FF01–U+FF5E) as its ASCII twin, and the ideographic space as a space. */
function halfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** Digits grouped by three with commas, or not grouped at all; an optional decimal part. */
const PLAIN = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;
/** A minus sign as a phone's keyboard or a spreadsheet may write it. */
const MINUS = /[\u2212\uFE63\u2012\u2013]/g;

/**
 * The number an amount box's text stands for: null when the box is empty, NaN when the text is not an amount
 * (letters, "1,23,4", two decimal points), so the form's schema says so beside the box. A currency is NT$ (or a
 * bare $) before the digits; spaces (a thin space, a thousands space) are ignored.
 */
export function parseAmount(text: string): number {
  const plain = halfWidth(text)
    .replace(MINUS, '-')
    .replace(/[\s\u00A0\u202F\u2009]/g, '')
    // The currency, with the sign on either side of it: -NT$5, NT$-5.
    .replace(/^([+-]?)(?:NT|TWD|NTD)?\$/i, '$1')
    .replace(/^([+-]?)(?:TWD|NTD)/i, '$1')
    .replace(/元$/, '');
  if (!PLAIN.test(plain)) return Number.NaN;
  return Number(plain.replace(/,/g, ''));
}

/** parseAmount for a box that may be left empty: null for empty (or only spaces). */
export function parseAmountOrNull(text: string): number | null {
  return halfWidth(text).trim() === '' ? null : parseAmount(text);
}
