import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyCreate, proxyWrite, recordUpstreamRequests, uniqueCode } from './support/demo-seed';

const tenant = demoTenant();
const category = tenant.productCategories.find((c) => c.parentId !== null)!;
const parentCategory = tenant.productCategories.find((c) => c.id === category.parentId)!;
let componentProductId: number | undefined;

/**
 * A SKU with a known on-hand quantity (reserved is 0 for API-made SKUs), under a product made for these
 * tests so the demo products keep the SKU counts other specs compute from the seed.
 */
async function makeSku(page: Page, code: string, inventoryQty: number): Promise<number> {
  if (componentProductId === undefined) {
    const product = await proxyWrite(page, 'POST', '/v1/products', {
      outerSysCode: uniqueCode('E2E-PARTS'),
      name: 'E2E bundle parts',
      productCategoryId: category.id,
    });
    expect(product.status).toBe(201);
    componentProductId = (product.body as { id: number }).id;
  }
  const created = await proxyWrite(page, 'POST', '/v1/skus', {
    productId: componentProductId,
    outerSysCode: code,
    name: `Part ${code}`,
    quantityPrecision: 2,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  const stock = await proxyWrite(page, 'POST', '/v1/skus/stock/batch', [{ skuId: id, inventoryQty }]);
  expect((stock.body as { items: { status: string }[] }).items[0]?.status).toBe('updated');
  return id;
}

const availability = (page: Page) => page.getByRole('region', { name: 'Available to assemble' });
/** The service's figure, as shown. */
const figure = (page: Page) => availability(page).getByRole('status', { name: 'Available to assemble' });
const explainer = (page: Page) => page.getByRole('table', { name: 'Recipe and what each component allows' });
const explainerRow = (page: Page, code: string) =>
  explainer(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(code) }) });
const editor = (page: Page) => page.getByRole('region', { name: 'Edit recipe' });
const editorRow = (page: Page, code: string) =>
  editor(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(code) }) });

/** Types a code into "Add component" and presses Enter: the SKU with exactly that code is added. */
async function addComponent(scope: Locator, code: string) {
  const box = scope.getByLabel('Add component');
  await box.fill(code);
  await box.press('Enter');
}

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('builds a bundle of three components, reads the explainer and the what-if, edits and reorders the recipe', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.goto('/bundles');
    const [a, b, c] = [uniqueCode('E2E-A'), uniqueCode('E2E-B'), uniqueCode('E2E-C')];
    await makeSku(page, a, 10);
    await makeSku(page, b, 5);
    await makeSku(page, c, 100);
    const code = uniqueCode('E2E-BUNDLE');

    await test.step('create through the New bundle page', async () => {
      await page.getByRole('link', { name: 'New bundle' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New bundle' })).toBeVisible();
      await page.getByLabel('ERP code').fill(code);
      await page.getByLabel('Name', { exact: true }).fill(`Gift ${code}`);
      await page.getByLabel('Category').selectOption({ label: category.name });
      const recipe = page.getByRole('group', { name: 'Recipe' });
      for (const [sku, quantity] of [
        [a, '3'],
        [b, '2.5'],
        [c, '1'],
      ] as const) {
        await addComponent(recipe, sku);
        await recipe.getByLabel(`Quantity per bundle of ${sku}`).fill(quantity);
      }
      // min(floor(10 ÷ 3), floor(5 ÷ 2.5), floor(100 ÷ 1)) = 2, before anything is saved.
      await expect(recipe.getByRole('status').filter({ hasText: 'After saving' })).toHaveText(
        'After saving: 2 available to assemble',
      );
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Review and create' }).click();
      await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();
      await expect(page).toHaveURL(/\/bundles\/\d+$/);
    });

    await test.step("History names the new bundle's category by its path and its components by code and name", async () => {
      const created = page.getByRole('region', { name: 'History' }).getByRole('row').filter({ hasText: 'Create' });
      await expect(created).toContainText(`Category: → ${parentCategory.name} › ${category.name}`);
      for (const [sku, quantity] of [
        [a, 3],
        [b, 2.5],
      ] as const)
        await expect(created).toContainText(`added ${sku} Part ${sku} ×${quantity}`);
      await expect(created).not.toContainText('not read');
    });

    await test.step('the explainer: figure, per-component share, limiting component', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bundle Gift ${code}`);
      await expect(figure(page)).toHaveText('2');
      await expect(explainerRow(page, a).getByRole('cell')).toHaveText(['3', '10', '3']);
      await expect(explainerRow(page, b).getByRole('cell')).toHaveText(['2.5', '5', /^Limiting\s*2$/]);
      await expect(explainerRow(page, c).getByRole('cell')).toHaveText(['1', '100', '100']);
      await expect(explainer(page).getByText('Limiting')).toHaveCount(1);
      await expect(availability(page)).toContainText('snapshot');
      await expect(availability(page)).toContainText('below zero stock still caps this figure');
      await expectNoAxeViolations(page);
    });

    await test.step('what-if: units still needed for 4 bundles', async () => {
      await availability(page).getByLabel('Target bundles').fill('4');
      const shortfall = (sku: string) => explainerRow(page, sku).getByRole('cell').last();
      await expect(shortfall(a)).toHaveText('2'); // 4 × 3 − 10
      await expect(shortfall(b)).toHaveText('5'); // 4 × 2.5 − 5
      await expect(shortfall(c)).toHaveText('0');
    });

    await test.step('change one quantity: preview, then the saved figure', async () => {
      await page.getByRole('button', { name: 'Edit recipe' }).click();
      await editorRow(page, b).getByLabel(`Quantity per bundle of ${b}`).fill('1.25');
      await expect(editor(page).getByRole('status').filter({ hasText: 'After saving' })).toHaveText(
        'After saving: 3 available to assemble',
      );
      await expect(figure(page)).toHaveText('2'); // not saved yet
      await expectNoAxeViolations(page);
      const put = page.waitForRequest(
        (r) => r.method() === 'PUT' && /\/api\/upstream\/v1\/bundles\/\d+$/.test(r.url()),
      );
      await editor(page).getByRole('button', { name: 'Save recipe' }).click();
      expect(Object.keys((await put).postDataJSON())).toEqual(['components']);
      await expect(editor(page)).toBeHidden();
      await expect(figure(page)).toHaveText('3');
      await expect(explainerRow(page, a)).toContainText('Limiting');
      await expect(explainerRow(page, b)).not.toContainText('Limiting');
    });

    await test.step('reorder by keyboard and save', async () => {
      await page.getByRole('button', { name: 'Edit recipe' }).click();
      const handle = editor(page).getByRole('button', { name: `Drag ${c} to reorder` });
      // Each step is announced to screen readers; wait for it before the next key.
      const announced = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('ArrowUp');
      await announced(`${c} moved to position 2 of 3.`);
      await page.keyboard.press('ArrowUp');
      await announced(`${c} moved to position 1 of 3.`);
      await page.keyboard.press('Space');
      await announced(`${c} dropped at position 1 of 3.`);
      const codesInEditor = editor(page).locator('tbody th[scope=row] > span.font-medium');
      await expect(codesInEditor).toHaveText([c, a, b]);
      await editor(page).getByRole('button', { name: 'Save recipe' }).click();
      await expect(editor(page)).toBeHidden();
      await page.reload();
      await expect(explainer(page).locator('tbody th[scope=row] a')).toHaveText([c, a, b]);
    });
  });

  test('an ambiguous code asks for a choice; a refused replacement keeps the old recipe', async ({ page }) => {
    await page.goto('/bundles');
    const base = uniqueCode('E2E-AMB');
    const upper = await makeSku(page, base, 50);
    const lower = await makeSku(page, base.toLowerCase(), 60);
    const keep = await makeSku(page, uniqueCode('E2E-KEEP'), 40);
    const id = await proxyCreate(page, '/v1/bundles', {
      outerSysCode: uniqueCode('E2E-REFUSE'),
      name: 'Refusal check',
      productCategoryId: category.id,
      components: [{ componentSkuId: keep, quantity: 2, sort: 1 }],
    });

    // A SKU the search offers but the service will not take: the id of a bundle's own SKU (stands in for a
    // SKU that was moved or removed after the search).
    const ghost = tenant.bundles[0]!;
    const ghostCode = uniqueCode('E2E-GHOST');
    const ghostSkuId = (ghost as unknown as { skuId: number }).skuId;
    await page.route(/\/api\/upstream\/v1\/skus\?/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (new URL(route.request().url()).searchParams.get('outerSysCode') === ghostCode) {
        body.data = [
          {
            id: ghostSkuId,
            productId: ghost.id,
            outerSysCode: ghostCode,
            name: 'Vanished part',
            barcode: null,
            warehouse: null,
            unit: null,
            spec: null,
            price: 0,
            sellPrice: 0,
            quantityPrecision: 0,
            status: 'Active',
            inventoryQty: 0,
          },
        ];
        body.totalCount = 1;
        body.totalPages = 1;
      }
      await route.fulfill({ response, json: body });
    });

    await page.goto(`/bundles/${id}`);
    await page.getByRole('button', { name: 'Edit recipe' }).click();
    await addComponent(editor(page), base);
    const choice = editor(page)
      .getByRole('alert')
      .filter({ hasText: `The code ${base} matches 2 SKUs` });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('button')).toHaveText([
      new RegExp(`Choose id ${Math.min(upper, lower)}:`),
      new RegExp(`Choose id ${Math.max(upper, lower)}:`),
    ]);
    await expectNoAxeViolations(page);
    await choice.getByRole('button', { name: new RegExp(`Choose id ${lower}:`) }).click();
    await expect(editor(page).locator('tbody tr')).toHaveCount(2);
    await expect(editorRow(page, base.toLowerCase())).toContainText(`id ${lower}`);

    await addComponent(editor(page), ghostCode);
    await expect(editorRow(page, ghostCode)).toBeVisible();
    await editor(page).getByRole('button', { name: 'Save recipe' }).click();
    await expect(editor(page).getByRole('alert').filter({ hasText: 'The recipe was not saved' })).toBeVisible();
    await expect(editorRow(page, ghostCode).getByRole('alert')).toHaveText('No SKU matches that component.');
    // The page still shows the stored recipe, and so does a fresh read.
    await expect(explainer(page).locator('tbody tr')).toHaveCount(1);
    await page.reload();
    await expect(explainer(page).locator('tbody tr')).toHaveCount(1);
    await expect(explainer(page).locator('tbody th[scope=row] a')).toHaveText([/^E2E-KEEP/]);
  });

  test("edits a bundle's own fields with a review, and a stale edit shows the conflict and sends nothing", async ({
    page,
  }) => {
    await page.goto('/bundles');
    const part = await makeSku(page, uniqueCode('E2E-HEAD'), 30);
    const id = await proxyCreate(page, '/v1/bundles', {
      outerSysCode: uniqueCode('E2E-HEADER'),
      name: 'Header before',
      warehouse: 'Old shelf',
      productCategoryId: category.id,
      components: [{ componentSkuId: part, quantity: 1, sort: 1 }],
    });

    await page.goto(`/bundles/${id}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit bundle' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Header before');
    await page.getByLabel('Name', { exact: true }).fill('Header after');
    await page.getByLabel('Warehouse').fill('桃園大園倉');
    await expectNoAxeViolations(page);
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByRole('button', { name: 'Review and save' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('row', { name: /Warehouse/ })).toContainText('Old shelf');
    await review.getByRole('button', { name: 'Save changes' }).click();
    // Only what changed is sent; the recipe and prices are not touched.
    expect((await put).postDataJSON()).toMatchObject({ name: 'Header after', warehouse: '桃園大園倉' });
    expect(Object.keys((await put).postDataJSON() as object)).not.toContain('components');
    await expect(page).toHaveURL(new RegExp(`/bundles/${id}$`));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Header after');
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('桃園大園倉');
    await expect(explainer(page).locator('tbody tr')).toHaveCount(1);

    // Someone else renames it while this page's form is open.
    await page.goto(`/bundles/${id}/edit`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Header after');
    expect((await proxyWrite(page, 'PUT', `/v1/bundles/${id}`, { name: 'Renamed elsewhere' })).status).toBe(200);
    const requests = recordUpstreamRequests(page);
    await page.getByLabel('Name', { exact: true }).fill('Mine');
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByRole('dialog', { name: 'This record changed since you opened it' });
    await expect(conflict.getByRole('row', { name: /Name/ })).toHaveText(
      /Name\s*Header after\s*Renamed elsewhere\s*Mine/,
    );
    expect(requests.filter((r) => r.method() !== 'GET')).toEqual([]);
  });

  test('New bundle shows an existing bundle with the same ERP code and sends no create', async ({ page }) => {
    const existing = tenant.bundles[0]!;
    const sku = tenant.skus.find((s) => s.id === existing.components[0]!.componentSkuId)!;
    await page.goto('/bundles/new');
    const requests = recordUpstreamRequests(page);
    await page.getByLabel('ERP code').fill(existing.outerSysCode);
    await page.getByLabel('Name', { exact: true }).fill('Would overwrite');
    await page.getByLabel('Category').selectOption({ label: category.name });
    await addComponent(page.getByRole('group', { name: 'Recipe' }), sku.outerSysCode);
    await expect(page.getByLabel(`Quantity per bundle of ${sku.outerSysCode}`)).toBeVisible();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: `A bundle with ERP code ${existing.outerSysCode} already exists` });
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Review and create' }).click();
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was sent' })).toBeVisible();
    expect(requests.filter((r) => r.method() !== 'GET')).toEqual([]);
    page.once('dialog', (d) => void d.accept()); // "leave unsaved changes?"
    await notice.getByRole('link', { name: 'Edit that record instead' }).click();
    await expect(page).toHaveURL(new RegExp(`/bundles/${existing.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit bundle' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(existing.name);
  });
});

test.describe('viewer', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('reads the list and a bundle, filtered by a component, with no editing controls', async ({ page }) => {
    const component = tenant.bundles[0]!.components[0]!.componentSkuId;
    const expected = tenant.bundles
      .filter((b) => b.components.some((c) => c.componentSkuId === component))
      .sort((x, y) => x.id - y.id)
      .map((b) => b.outerSysCode);
    await page.goto(`/bundles?componentSkuId=${component}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Bundles' });
    await expect.poll(() => table.locator('tbody tr td:first-child').allInnerTexts()).toEqual(expected);
    const sku = tenant.skus.find((s) => s.id === component)!;
    await expect(page.getByRole('search', { name: 'Filters' })).toContainText(
      `Only bundles that contain ${sku.outerSysCode}`,
    );
    await expect(page.getByRole('link', { name: 'New bundle' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await table.getByRole('link', { name: expected[0]! }).click();
    await expect(availability(page)).toBeVisible();
    await expect(explainer(page).locator('tbody tr')).toHaveCount(
      tenant.bundles.find((b) => b.outerSysCode === expected[0])!.components.length,
    );
    await expect(page.getByRole('button', { name: 'Edit recipe' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change prices' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
