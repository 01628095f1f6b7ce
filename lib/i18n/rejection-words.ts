/**
 * A rejection's cause in words (catalogue `rejections.causes.*`, keyed by the error code): what is wrong with
 * the value the ERP sent and what to do, e.g. "Company C1009 does not exist: create the company or correct the
 * code in the ERP". A code without its own sentence reads as its error sentence and the value sent. Shared by the
 * page (useTranslations) and the report (createTranslator on the server).
 */

type Translate = ((key: string, values?: Record<string, string>) => string) & { has(key: string): boolean };

/** A stored value as the sentence quotes it: long text cut, JSON for what is not text. */
export function quotedValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The catalogue key of a code: codes are snake_case, a few are sentences ("product not found"). */
export const causeKey = (code: string) => code.toLowerCase().replace(/[^a-z0-9_]+/g, '_');

export function causeSentence(
  t: Translate,
  errorText: (code: string) => string,
  cause: { errorCode: string; field: string | null; value: unknown },
): string {
  const value = quotedValue(cause.value, t('empty'));
  const key = `causes.${causeKey(cause.errorCode)}`;
  if (t.has(key)) return t(key, { value });
  const error = errorText(cause.errorCode);
  return cause.field ? t('causeOther', { error, value }) : t('causeWhole', { error });
}
