import type { z } from 'zod';
import {
  bundleCreate,
  bundlePriceWrite,
  bundleWrite,
  companyWrite,
  creditQuotaWrite,
  pointQuotaWrite,
  priceWrite,
  productCreate,
  productWrite,
  skuCreate,
  skuWrite,
  stockWrite,
} from '@/lib/contract';
import { FAMILY_COLUMNS, type FamilyColumns, type FamilyName } from './family-columns';

export * from './family-columns';

/**
 * What can be imported: a family's columns (./family-columns) and the contract schema a row is checked with.
 * The rules themselves are the contract's; nothing here restates a limit.
 */
export interface Family extends FamilyColumns {
  schema: z.ZodType;
  /**
   * The contract's create schema, for a row that can only create (neither id nor ERP code, so nothing can
   * match it): it adds the create-only requirements (a SKU's product and code, a product's category).
   */
  createSchema?: z.ZodType;
}

const SCHEMAS: Record<FamilyName, Pick<Family, 'schema' | 'createSchema'>> = {
  companies: { schema: companyWrite },
  products: { schema: productWrite, createSchema: productCreate },
  skus: { schema: skuWrite, createSchema: skuCreate },
  bundles: { schema: bundleWrite, createSchema: bundleCreate },
  stock: { schema: stockWrite },
  prices: { schema: priceWrite },
  bundlePrices: { schema: bundlePriceWrite },
  pointQuotas: { schema: pointQuotaWrite },
  creditQuotas: { schema: creditQuotaWrite },
};

export const FAMILIES = Object.fromEntries(
  Object.entries(FAMILY_COLUMNS).map(([name, columns]) => [name, { ...columns, ...SCHEMAS[name as FamilyName] }]),
) as Record<FamilyName, Family>;
