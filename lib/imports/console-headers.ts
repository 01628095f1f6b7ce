import enBundles from '@/messages/en/bundles.json';
import enCompanies from '@/messages/en/companies.json';
import enExports from '@/messages/en/exports.json';
import enImports from '@/messages/en/imports.json';
import enProducts from '@/messages/en/products.json';
import enQuotas from '@/messages/en/quotas.json';
import enSkus from '@/messages/en/skus.json';
import zhBundles from '@/messages/zh-TW/bundles.json';
import zhCompanies from '@/messages/zh-TW/companies.json';
import zhExports from '@/messages/zh-TW/exports.json';
import zhImports from '@/messages/zh-TW/imports.json';
import zhProducts from '@/messages/zh-TW/products.json';
import zhQuotas from '@/messages/zh-TW/quotas.json';
import zhSkus from '@/messages/zh-TW/skus.json';
import type { FamilyColumns, FamilyName } from './family-columns';
import { normaliseHeader } from './header-key';

/**
 * The headers the console itself writes, in both languages, read from the same catalogues the exports use
 * (so a header renamed there is still recognised here): the Exports page, the list pages' CSV export, the
 * quota export, the import template and an import's results and error files. For a family, each such header
 * either names one of its fields (an import alias) or is a column the console writes for people to read
 * (a product or category name beside its id, a status, a count) that the import leaves out on purpose.
 */

type Labels = Record<string, string>;

type Locale = 'en' | 'zh-TW';

interface Source {
  labels: (locale: Locale) => Labels;
  /** Catalogue key → the field it holds, where they differ. */
  rename?: Record<string, string>;
  /** Keys of columns written for reading only, whatever their name (a list's display text). */
  display?: readonly string[];
  /** The list pages write a referenced record's id as its label followed by " id". */
  idSuffix?: readonly string[];
}

const LOCALES: readonly Locale[] = ['en', 'zh-TW'];
const pick = <T>(locale: Locale, en: T, zh: T) => (locale === 'en' ? en : zh);

const SOURCES: Source[] = [
  { labels: (l) => pick(l, enExports, zhExports).exports.columns },
  { labels: (l) => pick(l, enImports, zhImports).imports.fields },
  { labels: (l) => pick(l, enImports, zhImports).imports.results },
  { labels: (l) => pick(l, enSkus, zhSkus).skus.fields, idSuffix: ['productId'] },
  { labels: (l) => pick(l, enProducts, zhProducts).products.fields, idSuffix: ['productCategoryId'] },
  { labels: (l) => pick(l, enCompanies, zhCompanies).companies.fields, idSuffix: ['internalUserId'] },
  // The list shows the recipe as "code × 2; code × 1" and a count of its components: for reading only.
  {
    labels: (l) => pick(l, enBundles, zhBundles).bundles.fields,
    display: ['components', 'componentCount'],
    idSuffix: ['productCategoryId'],
  },
  { labels: (l) => pick(l, enQuotas, zhQuotas).quotas.credit as Labels, rename: { code: 'companyCode' } },
  { labels: (l) => pick(l, enQuotas, zhQuotas).quotas.points as Labels },
];

/** Per family, a catalogue key that names another field of that family (a SKU export's id is a stock row's skuId). */
const FAMILY_RENAME: Partial<Record<FamilyName, Record<string, string>>> = {
  stock: { id: 'skuId' },
  prices: { id: 'skuId' },
};

export interface ConsoleHeaders {
  /** Normalised header → the field it fills. */
  fields: Map<string, string>;
  /** Normalised headers of columns the console writes that this family does not import. */
  unused: Set<string>;
}

const cache = new Map<FamilyName, ConsoleHeaders>();

export function consoleHeaders(family: FamilyColumns): ConsoleHeaders {
  const known = cache.get(family.name);
  if (known) return known;
  const names = new Set(family.fields.map((f) => f.name));
  const fields = new Map<string, string>();
  const unused = new Set<string>();
  const add = (text: string, field: string | null) => {
    const key = normaliseHeader(text);
    if (key === '') return;
    if (field && names.has(field)) {
      if (!fields.has(key)) fields.set(key, field);
    } else unused.add(key);
  };
  for (const locale of LOCALES) {
    for (const source of SOURCES) {
      const labels = source.labels(locale);
      for (const [key, text] of Object.entries(labels)) {
        if (typeof text !== 'string') continue;
        const field = source.display?.includes(key)
          ? null
          : (FAMILY_RENAME[family.name]?.[key] ?? source.rename?.[key] ?? key);
        add(text, field);
        if (source.idSuffix?.includes(key)) add(`${text} id`, key);
      }
    }
  }
  // A header that fills a field is never also "left out": the field wins.
  for (const key of fields.keys()) unused.delete(key);
  const result = { fields, unused };
  cache.set(family.name, result);
  return result;
}
