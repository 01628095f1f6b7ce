import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { acceptFor } from './accept';
import { FAMILIES, FAMILY_NAMES } from './families';

/**
 * The import check passes a row on the fast test alone, so the fast test must never pass what the contract
 * schema refuses. Each field of each family gets values at and around its limits; the test must agree with
 * the schema on every one (so valid rows do take the fast path too).
 */
const VALUES: unknown[] = [
  undefined,
  null,
  '',
  'a',
  ' ',
  '12',
  'x'.repeat(20),
  'x'.repeat(21),
  'x'.repeat(50),
  'x'.repeat(51),
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(255),
  'x'.repeat(256),
  '茶'.repeat(100),
  '茶'.repeat(101),
  '😀'.repeat(100),
  '😀'.repeat(101),
  0,
  -0,
  1,
  -1,
  2,
  4,
  5,
  0.5,
  1.25,
  123.456,
  9_999_999.99,
  9_999_999.991,
  10_000_000,
  -0.01,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  Number.MIN_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER - 2,
  1e16,
  NaN,
  Infinity,
  -Infinity,
  true,
  false,
  [],
  {},
  [1],
  // Bundle recipes: valid, a quantity that rounds to 0, no identifier, a blank code, a fractional sort.
  [{ componentSkuOuterSysCode: 'S1', quantity: 2, sort: 1 }],
  [{ componentSkuId: 12, quantity: 0.5 }],
  [{ componentSkuOuterSysCode: 'S1', quantity: 0.00004 }],
  [{ componentSkuOuterSysCode: 'S1', quantity: 0.00005 }],
  [{ quantity: 1 }],
  [{ componentSkuOuterSysCode: '  ', quantity: 1 }],
  [{ componentSkuId: 1, quantity: 1, sort: 1.5 }],
  [{ componentSkuId: 1, quantity: 1e16 }],
  [{ componentSkuId: 1 }],
  [null],
];

/** Whole items for the schemas with an object-level rule (quotas: the key, the amount and the memo together). */
const ITEMS: Record<string, unknown>[] = [
  { companyCode: 'C1', balance: 0 },
  { companyCode: 'C1', balance: -0.00004 },
  { companyCode: 'C1', balance: -0.00005 },
  { companyId: 3, creditAmount: 99_999_999_999_999.9999 },
  { companyId: 3, creditAmount: 1e15 },
  { companyCode: ' ', balance: 1 },
  { companyCode: 'C1', creditAmount: 5, memo: '茶'.repeat(200) },
  { companyCode: 'C1', creditAmount: 5, memo: '茶'.repeat(201) },
  { companyCode: 'C1', balance: 1, enabled: true },
  { companyCode: 'C1', balance: 1, enabled: 'yes' },
  { companyCode: 'C1' },
  { productId: 1, outerSysCode: 'S1' },
  { outerSysCode: 'B1', productCategoryId: 2, components: [{ componentSkuOuterSysCode: 'S1', quantity: 1 }] },
  { outerSysCode: 'B1', productCategoryId: 2, components: [] },
  { name: 'P', productCategoryId: 2 },
  { name: 'P' },
];

const schemas = FAMILY_NAMES.flatMap((name) => {
  const f = FAMILIES[name];
  return [[name, f.schema], ...(f.createSchema ? [[`${name} create`, f.createSchema]] : [])] as [string, z.ZodType][];
});

describe('acceptFor (the contract rules as plain functions)', () => {
  it('compiles the SKU schema, and passes a typical row without the schema', () => {
    const accept = acceptFor(FAMILIES.skus.schema);
    expect(accept).not.toBeNull();
    expect(
      accept!({
        productId: 3,
        outerSysCode: 'S-1',
        name: '高山烏龍茶',
        unit: '包',
        spec: '150g',
        price: 120,
        sellPrice: 99,
      }),
    ).toBe(true);
    // A field the schema does not have: the schema decides.
    expect(accept!({ outerSysCode: 'S-1', colour: 'red' })).toBe(false);
  });

  it.each(schemas)('agrees with the %s schema on every field at and around its limits', (_name, schema) => {
    const accept = acceptFor(schema);
    if (!accept) return;
    const shape = (schema as unknown as { def: { shape: Record<string, unknown> } }).def.shape;
    for (const field of Object.keys(shape)) {
      for (const value of VALUES) {
        const item = { [field]: value };
        expect(accept(item), `${field} = ${JSON.stringify(value)}`).toBe(schema.safeParse(item).success);
      }
    }
    // Items of this schema's fields only (a key it does not have is always the schema's to decide).
    for (const item of ITEMS.filter((i) => Object.keys(i).every((k) => k in shape))) {
      expect(accept(item), JSON.stringify(item)).toBe(schema.safeParse(item).success);
    }
  });

  it('compiles every family schema (and create schema) into a test: every family has a fast path', () => {
    for (const [name, schema] of schemas) expect(acceptFor(schema), name).not.toBeNull();
  });
});
