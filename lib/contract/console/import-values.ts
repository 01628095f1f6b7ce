/**
 * The import families (one per batch endpoint), encodings and delimiters, with no schema (zod) in this module,
 * so the pages that only offer them (the import wizard's first steps, Open a failed sync) can read them with
 * their first load; ./import-files re-exports them.
 */
export const FAMILY_NAMES = [
  'companies',
  'products',
  'skus',
  'bundles',
  'stock',
  'prices',
  'bundlePrices',
  'pointQuotas',
  'creditQuotas',
] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

export function isFamilyName(value: unknown): value is FamilyName {
  return typeof value === 'string' && (FAMILY_NAMES as readonly string[]).includes(value);
}

export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'big5'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
