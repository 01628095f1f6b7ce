import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, proxyWrite, recordUpstreamRequests, uniqueCode } from './support/demo-seed';

const tenant = demoTenant();
const bodyRows = (page: Page) => page.getByRole('table', { name: 'SKUs' }).locator('tbody tr');

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('creates a SKU under a product, sending only what was filled in', async ({ page }) => {
    const product = tenant.products[1]!;
    await page.goto(`/products/${product.id}`);
    await page.getByRole('link', { name: 'Add a SKU' }).click();
    await expect(page).toHaveURL(new RegExp(`/skus/new\\?productId=${product.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New SKU' })).toBeVisible();
    // One picker by code and name (issue 54): the chosen product is named, its id shown nowhere.
    const picker = page.getByRole('searchbox', { name: /^Product/ });
    await expect(picker).toHaveAccessibleDescription(new RegExp(`^Product: ${product.outerSysCode} · `));
    await expect(page.getByRole('spinbutton', { name: /Product/ })).toHaveCount(0);
    await expect(page.getByText('New records are always created Active')).toBeVisible();
    await expectNoAxeViolations(page);

    const code = uniqueCode('E2E-S');
    await page.getByLabel('ERP code').fill(code);
    await page.getByLabel('Name', { exact: true }).fill(`E2E SKU ${code}`);
    await page.getByLabel('Unit').fill('box');
    await page.getByRole('button', { name: 'Review and create' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Review changes' }).getByRole('row', { name: /Product/ }),
    ).toContainText(product.outerSysCode);
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/upstream/v1/skus'));
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Create' }).click();
    expect((await post).postDataJSON()).toEqual({
      productId: product.id,
      outerSysCode: code,
      name: `E2E SKU ${code}`,
      unit: 'box',
    });

    await expect(page).toHaveURL(/\/skus\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`E2E SKU ${code}`);
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByRole('link', { name: product.name })).toHaveAttribute('href', `/products/${product.id}`);
    await expect(details.getByText('Active')).toBeVisible();

    // The product page lists the new SKU.
    await page.goto(`/products/${product.id}`);
    await expect(
      page.getByRole('region', { name: 'SKUs of this product' }).getByRole('link', { name: code }),
    ).toBeVisible();
  });

  test('a SKU needs its product and code before anything is sent', async ({ page }) => {
    await page.goto('/skus/new');
    const requests = recordUpstreamRequests(page);
    await page.getByLabel('Name', { exact: true }).fill('No product, no code');
    await page.getByRole('button', { name: 'Review and create' }).click();
    await expect(page.getByText('Choose the product this SKU belongs to.')).toBeVisible();
    await expect(page.getByText('An ERP code is required to create a SKU.')).toBeVisible();
    expect(requests.filter((r) => r.method() !== 'GET')).toEqual([]);
  });

  test('stock is set through the stock batch and prices through the price batch', async ({ page }) => {
    const product = tenant.products[2]!;
    await page.goto('/skus');
    const code = uniqueCode('E2E-STOCK');
    const created = await proxyWrite(page, 'POST', '/v1/skus', {
      productId: product.id,
      outerSysCode: code,
      name: 'Stock test',
      price: 10,
      sellPrice: 9,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;

    await page.goto(`/skus/${id}`);
    const stock = page.getByRole('region', { name: 'Stock' });
    await expect(stock).toContainText('On hand');
    await stock.getByRole('button', { name: 'Set on-hand quantity' }).click();
    const qty = stock.getByLabel('On hand');
    await qty.fill('1.5');
    await stock.getByRole('button', { name: 'Review and save' }).click();
    // The error quotes the value and says what is allowed (issue 54).
    await expect(stock.getByText('On hand “1.5” is not allowed: use 0 or more')).toBeVisible();

    await qty.fill('12');
    await stock.getByRole('button', { name: 'Review and save' }).click();
    const stockPost = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/upstream/v1/skus/stock/batch'),
    );
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
    expect((await stockPost).postDataJSON()).toEqual([{ skuId: id, inventoryQty: 12 }]);
    await expect(stock.getByRole('definition').first()).toHaveText('12');

    const price = page.getByRole('region', { name: 'Price', exact: true });
    await price.getByRole('button', { name: 'Change prices' }).click();
    await price.getByLabel('Sell price').fill('8.5');
    await price.getByRole('button', { name: 'Review and save' }).click();
    const pricePut = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith('/api/upstream/v1/prices/batch'),
    );
    await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: 'Save changes' }).click();
    expect((await pricePut).postDataJSON()).toEqual([{ skuId: id, sellPrice: 8.5 }]);
    await expect(price).toContainText('8.5');
    // The panel closes as its "Saved." toast is raised: from then on the axe check waits for the toast to settle.
    await expect(price.getByRole('button', { name: 'Change prices' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a SKU page lists the bundles that use it and links to them by componentSkuId', async ({ page }) => {
    const bundle = tenant.bundles[0]!;
    const skuId = bundle.components[0]!.componentSkuId;
    await page.goto(`/skus/${skuId}`);
    const panel = page.getByRole('region', { name: 'Bundles that use this SKU' });
    await expect(panel.getByRole('link', { name: new RegExp(bundle.outerSysCode) })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open these bundles on the Bundles page' })).toHaveAttribute(
      'href',
      `/bundles?componentSkuId=${skuId}`,
    );
  });

  test('filters by product and exact barcode', async ({ page }) => {
    const sku = tenant.skus.find((s) => s.barcode)!;
    await page.goto(`/skus?productId=${sku.productId}`);
    // Other specs (imports) may add SKUs to this demo product: count what the service holds now, one page at most.
    const list = await page.request.get(`/api/upstream/v1/skus?productId=${sku.productId}&pageSize=1`, {
      headers: { 'x-console-request': '1' },
    });
    const { totalCount } = (await list.json()) as { totalCount: number };
    expect(totalCount).toBeGreaterThanOrEqual(tenant.skus.filter((s) => s.productId === sku.productId).length);
    await expect(bodyRows(page)).toHaveCount(Math.min(totalCount, 25));
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Barcode (exact)').fill(sku.barcode.slice(0, -1));
    await filters.getByLabel('Barcode (exact)').press('Enter');
    await expect(page.getByText('No records match these filters.')).toBeVisible();
    await filters.getByLabel('Barcode (exact)').fill(sku.barcode);
    await filters.getByLabel('Barcode (exact)').press('Enter');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(sku.outerSysCode);
    await expect(page).toHaveURL(new RegExp(`barcode=${sku.barcode}`));
    await expectNoAxeViolations(page);
  });
});

test.describe('viewer', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('sees stock and price but cannot change them; a direct stock write is refused', async ({ page }) => {
    const sku = tenant.skus[0]!;
    await page.goto(`/skus/${sku.id}`);
    await expect(page.getByRole('region', { name: 'Stock' })).toContainText('Available');
    await expect(page.getByRole('button', { name: 'Set on-hand quantity' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change prices' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    const res = await proxyWrite(page, 'POST', '/v1/skus/stock/batch', [{ skuId: sku.id, inventoryQty: 0 }]);
    expect(res.status).toBe(403);
  });
});
