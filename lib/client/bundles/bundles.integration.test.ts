/* eslint-disable import/no-restricted-paths -- integration test: the browser fetchers and the explainer against the real reference service in-process */
import { describe, expect, it } from 'vitest';
import type { SeedFile } from '@/lib/contract';
import { IDS, recipeBundle, stockSku, testSeed } from '@/service/testing/fixtures';
import { isApiError } from '../api-error';
import { setSkuStock } from '../skus/save-sku';
import { explainRecipe, shortfall, type RecipeLine } from './explain';
import { locateComponentError } from './recipe';
import { replaceRecipe } from './save-bundle';
import { getRecord } from '../queries';
import { serviceForFetchers } from '../testing/service-fetcher';

/**
 * The bundle page's explainer against the service's own availableQty for the same data: the page reads the
 * bundle and each component's stock query, and its figure must be the service's. Then the what-if and the
 * row a refused recipe is about, both checked against what the service does.
 */
const A = IDS.acme;

function seed(): SeedFile {
  const s = testSeed();
  const acme = s.tenants[0]!;
  acme.products.push({
    id: 40,
    outerSysCode: 'P040',
    name: 'Parts',
    productCategoryId: A.teaCategory,
    status: 'Active',
  });
  const sku = (id: number, outerSysCode: string, inventoryQty: number, reservedQty = 0, allowNegativeStock = false) =>
    stockSku(id, 40, outerSysCode, inventoryQty, { reservedQty, allowNegativeStock });
  acme.skus.push(
    sku(40, 'FRAC', 0.7),
    sku(41, 'PLENTY', 1000),
    sku(42, 'TINY', 0.0003, 0.0001),
    sku(43, 'OVERSOLD', -3, 0, true),
    sku(44, 'RESERVED', 10, 4),
    sku(45, 'HALF', 2.75, 0.25),
    sku(46, 'SAME', 12, 2),
    sku(47, 'dupcode', 5),
    sku(48, 'DUPCODE', 5),
  );
  const b = (id: number, outerSysCode: string, components: [number, number][]) =>
    recipeBundle(
      id,
      id,
      outerSysCode,
      components.map(([componentSkuId, quantity], i) => ({ componentSkuId, quantity, sort: i + 1 })),
    );
  acme.bundles.push(
    b(50, 'X-EXACT', [
      [40, 0.1],
      [41, 1],
    ]), // 0.7 ÷ 0.1 = 7
    b(51, 'X-FOUR-DECIMALS', [
      [42, 0.0001],
      [45, 0.1234],
    ]), // 2 and floor(2.5 ÷ 0.1234) = 20
    b(52, 'X-CLAMP', [
      [43, 1],
      [41, 2],
    ]), // oversold: clamped at 0
    b(53, 'X-FLOOR', [
      [44, 4],
      [45, 0.5],
    ]), // floor(6 ÷ 4) = 1, floor(2.5 ÷ 0.5) = 5
    b(54, 'X-TIE', [
      [44, 3],
      [46, 5],
      [41, 0.5],
    ]), // 2, 2, 2000
  );
  return s;
}

serviceForFetchers(seed);

/** What the bundle page does: the bundle, then each component's stock query, explained. */
async function readAndExplain(id: number) {
  const bundle = await getRecord('bundle', id);
  const lines: RecipeLine[] = await Promise.all(
    bundle.components.map(async (c) => {
      const stock = await getRecord('skuStock', c.componentSkuId);
      return { quantity: c.quantity, inventoryQty: stock.inventoryQty, reservedQty: stock.reservedQty };
    }),
  );
  return { bundle, lines, explained: explainRecipe(lines) };
}

describe('the availableQty explainer against the service', () => {
  it.each([
    [50, 7, [7, 1000], [true, false]],
    [51, 2, [2, 20], [true, false]],
    [52, 0, [0, 500], [true, false]],
    [53, 1, [1, 5], [true, false]],
    [54, 2, [2, 2, 2000], [true, true, false]],
  ])('bundle %i: the service says %i, and so does the explainer', async (id, expected, allows, limiting) => {
    const { bundle, explained } = await readAndExplain(id);
    expect(bundle.availableQty).toBe(expected);
    expect(explained.availableQty).toBe(bundle.availableQty);
    expect(explained.lines.map((l) => l.allows)).toEqual(allows);
    expect(explained.lines.map((l) => l.limiting)).toEqual(limiting);
  });

  it('the what-if shortfall is exactly what the service needs to reach the target', async () => {
    const target = 9;
    const { lines, bundle } = await readAndExplain(51);
    const missing = lines.map((l) => shortfall(l, target));
    expect(missing).toEqual([0.0007, 0]);
    for (const [i, c] of bundle.components.entries()) {
      if (missing[i]! > 0) await setSkuStock(c.componentSkuId, lines[i]!.inventoryQty + missing[i]!);
    }
    expect((await getRecord('bundle', 51)).availableQty).toBe(target);
    // One ten-thousandth less and the service can assemble one fewer.
    await setSkuStock(42, lines[0]!.inventoryQty + missing[0]! - 0.0001);
    expect((await getRecord('bundle', 51)).availableQty).toBe(target - 1);
  });
});

describe('a refused recipe replacement', () => {
  async function refusal(components: Parameters<typeof replaceRecipe>[1]) {
    const before = await getRecord('bundle', 53);
    const error = await replaceRecipe(53, components).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(true);
    // Component rule 4: nothing applied, the old recipe stays.
    expect((await getRecord('bundle', 53)).components).toEqual(before.components);
    return {
      code: isApiError(error) ? error.code : '',
      index: await locateComponentError(components, isApiError(error) ? error.code : ''),
    };
  }

  const first = { componentSkuId: 44, quantity: 1, sort: 10 };
  const second = { componentSkuId: 45, quantity: 1, sort: 20 };
  it.each([
    {
      row: 'the row whose SKU the service does not know (a bundle SKU is not a component)',
      components: [first, second, { componentSkuId: 50, quantity: 1, sort: 30 }],
      code: 'component_sku_not_found',
      index: 2,
    },
    {
      row: 'the second of two lines with the same SKU',
      components: [first, second, { componentSkuId: 44, quantity: 2, sort: 30 }],
      code: 'duplicate_component_sku',
      index: 2,
    },
    {
      row: 'the line whose code matches several SKUs',
      components: [first, { componentSkuOuterSysCode: ' DupCode ', quantity: 1, sort: 20 }],
      code: 'component_sku_code_ambiguous',
      index: 1,
    },
  ])('finds $row', async ({ components, code, index }) => {
    expect(await refusal(components)).toEqual({ code, index });
  });
});
