import {
  expectationOf,
  textLimit,
  type TextResource,
  type ValueExpectation,
  type ValueKind,
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

const KIND_OF: Partial<Record<CellKind, ValueKind>> = {
  text: 'text',
  long: 'whole',
  number: 'number',
  boolean: 'boolean',
};

/** A cell's sentence: the contract's (expectationOf) with the text limit of the family's resource. */
export function valueSentence(
  code: string,
  field: string,
  family: FamilyName,
  kind: CellKind | undefined,
  text: string,
): ValueExpectation | null {
  return expectationOf(code, field, text, kind && KIND_OF[kind], textLimit(RESOURCE_OF[family], field));
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
