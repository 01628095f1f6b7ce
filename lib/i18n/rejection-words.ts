import type { RejectionError } from '@/lib/contract/console/rejection-types';
/**
 * A rejection's words (catalogue `rejections.*`, keyed by the error code): the cause's sentence, what is wrong
 * with the value the ERP sent and what to do ("Company C1009 does not exist: create the company or correct the
 * code in the ERP"; "The name “NNN…” has 412 characters; the service accepts at most 100: …"), each error's own
 * sentence with the contract's limit, and the value as sent. A code without its own sentence reads as its error
 * sentence and the value sent. Shared by the page (useTranslations) and the report (createTranslator).
 */

type Values = Record<string, string | number>;
type Translate = ((key: string, values?: Values) => string) & { has(key: string): boolean };

export interface RejectionWords {
  /** The `rejections` namespace. */
  t: Translate;
  /** An error code's sentence (`errors.*`). */
  errorText: (code: string) => string;
  /** A field's label (`imports.fields.*`), its API name when it has none. */
  label: (field: string) => string;
  /** A value sentence (`valueIssues.<expect>`), its field's label among the values. */
  value: (expect: string, params: Values) => string;
}

/** One error of an item: its code, its field, the value sent there, the contract's sentence for that value. */
export type ErrorOfItem = Omit<RejectionError, 'value'> & { value: unknown };

/** Long text is cut in a sentence or a cell, its length said (the whole value is in the report). */
const CUT_AT = 60;

/** A stored value as the sentence quotes it: long text cut, JSON for what is not text. */
export function quotedValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > CUT_AT ? `${text.slice(0, CUT_AT - 3)}…` : text;
}

/** The value as the ERP sent it, for a table's cell: -50 as -50, long text cut with its length said. */
export function sentValue(t: Translate, value: unknown): string {
  if (value === null || value === undefined) return t('notSent');
  if (value === '') return t('empty');
  if (typeof value !== 'string') return JSON.stringify(value);
  const length = [...value].length;
  return length > CUT_AT ? t('cutValue', { start: [...value].slice(0, CUT_AT - 3).join(''), length }) : value;
}

/** The catalogue key of a code: codes are snake_case, a few are sentences ("product not found"). */
export const causeKey = (code: string) => code.toLowerCase().replace(/[^a-z0-9_]+/g, '_');

/** One error in words: the contract's sentence for the value sent (with its limit), else the code's sentence. */
export function errorSentence(words: RejectionWords, error: ErrorOfItem): string {
  if (error.expect && error.field)
    return words.value(error.expect, { ...error.params, field: words.label(error.field) });
  return words.errorText(error.code);
}

/** A cause's sentence, from one of its errors (the newest): what is wrong with the value sent, what to do. */
export function causeSentence(words: RejectionWords, error: ErrorOfItem): string {
  const { t } = words;
  const value = quotedValue(error.value, t('empty'));
  const key = causeKey(error.code);
  const field = error.field ? words.label(error.field) : '';
  // A sentence that says the limit and the measure needs the contract's figures for this value.
  if (error.expect && t.has(`causesMeasured.${key}`))
    return t(`causesMeasured.${key}`, { ...error.params, value, field });
  if (t.has(`causes.${key}`)) return t(`causes.${key}`, { value, field });
  if (error.expect && error.field) return errorSentence(words, error);
  const sentence = words.errorText(error.code);
  return error.field ? t('causeOther', { error: sentence, value }) : t('causeWhole', { error: sentence });
}

/** The words from a whole catalogue (a route writing a report, a test): `text` and `has` take full keys. */
export function catalogueRejectionWords(
  text: (key: string, values?: Values) => string,
  has: (key: string) => boolean,
): RejectionWords {
  const t = Object.assign((key: string, values?: Values) => text(`rejections.${key}`, values), {
    has: (key: string) => has(`rejections.${key}`),
  });
  return {
    t,
    errorText: (code) => {
      const key = `errors.${causeKey(code)}`;
      return has(`errors.${code}`) ? text(`errors.${code}`) : has(key) ? text(key) : code;
    },
    label: (field) => (has(`imports.fields.${field}`) ? text(`imports.fields.${field}`) : field),
    value: (expect, params) => text(`valueIssues.${expect}`, params),
  };
}
