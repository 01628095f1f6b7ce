import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { demoTenant, recordUpstreamRequests, uniqueCode } from './support/demo-seed';
import { hydrated } from './support/hydration';

const tenant = demoTenant();
const roots = tenant.productCategories.filter((c) => c.parentId === null);
const children = tenant.productCategories.filter((c) => c.parentId !== null);
/** The create test writes into this category, so the filter test counts another one. */
const CREATE_IN = children.find((c) => c.name.includes('Tea'))!.id;
const bodyRows = (page: Page) => page.getByRole('table', { name: 'Products' }).locator('tbody tr');

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('the category picker offers only assignable categories, grouped by their root', async ({ page }) => {
    await page.goto('/products/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    const picker = page.getByLabel('Category');
    await expect(picker.locator('option').nth(1)).toBeAttached();

    const offered = await picker.locator('option:not([value=""])').allInnerTexts();
    expect(offered.sort()).toEqual(children.map((c) => c.name).sort());
    for (const root of roots) expect(offered).not.toContain(root.name);
    const groups = await picker.locator('optgroup').evaluateAll((els) => els.map((el) => el.getAttribute('label')));
    expect(groups.sort()).toEqual(roots.map((r) => r.name).sort());
    // Each child sits under its own root.
    const tea = children[0]!;
    const teaRoot = roots.find((r) => r.id === tea.parentId)!;
    await expect(picker.locator(`optgroup[label="${teaRoot.name}"] option`, { hasText: tea.name })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('a product needs a category before anything is sent, then is created in it', async ({ page }) => {
    await page.goto('/products/new');
    const requests = recordUpstreamRequests(page);
    const code = uniqueCode('E2E-P');
    await page.getByLabel('ERP code').fill(code);
    await page.getByLabel('Name', { exact: true }).fill(`E2E product ${code}`);
    await page.getByRole('button', { name: 'Review and create' }).click();
    await expect(page.getByText('Choose a category.')).toBeVisible();
    expect(requests.filter((r) => r.method() !== 'GET')).toEqual([]);

    const category = children.find((c) => c.id === CREATE_IN)!;
    await page.getByLabel('Category').selectOption({ label: category.name });
    await page.getByRole('button', { name: 'Review and create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    await expect(dialog).toContainText(category.name);
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/upstream/v1/products'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect((await post).postDataJSON()).toEqual({
      outerSysCode: code,
      name: `E2E product ${code}`,
      productCategoryId: category.id,
    });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`E2E product ${code}`);
    await expect(page.getByRole('region', { name: 'Details' }).getByText(category.name)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('following a link away from unsaved edits asks first, and staying keeps them', async ({ page }) => {
    const product = tenant.products[3]!;
    const name = page.getByLabel('Name', { exact: true });
    const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products', exact: true });
    let asked = 0;
    page.on('dialog', (dialog) => {
      asked++;
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toContain('not saved');
      void (asked === 1 ? dialog.dismiss() : dialog.accept());
    });

    // Nothing typed: no question.
    await page.goto(`/products/${product.id}/edit`);
    await expect(name).toHaveValue(product.name);
    await nav.click();
    await expect(page).toHaveURL(/\/products$/);
    expect(asked).toBe(0);

    await page.goto(`/products/${product.id}/edit`);
    await hydrated(name);
    await name.fill(`${product.name} (edited)`);
    // At once, as a fast click would: before the form's lazily loaded check has looked at the change.
    await nav.click();
    expect(asked).toBe(1);
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/edit$`));
    await expect(name).toHaveValue(`${product.name} (edited)`);

    await nav.press('Enter');
    await expect(page).toHaveURL(/\/products$/);
    expect(asked).toBe(2);
  });

  test('filters by category and status from a shared link', async ({ page }) => {
    const category = children.find(
      (c) => c.id !== CREATE_IN && tenant.products.some((p) => p.productCategoryId === c.id && p.status === 'Active'),
    )!;
    const expected = tenant.products.filter((p) => p.productCategoryId === category.id && p.status === 'Active').length;
    await page.goto(`/products?productCategoryId=${category.id}&status=Active&pageSize=100`);
    await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('Category')).toHaveValue(String(category.id));
    await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('Status')).toHaveValue('Active');
    await expect(bodyRows(page)).toHaveCount(expected);
    await expectNoAxeViolations(page);
  });

  test('a product page links its category and its SKUs', async ({ page }) => {
    const product = tenant.products[0]!;
    const skus = tenant.skus.filter((s) => s.productId === product.id);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
    const list = page.getByRole('region', { name: 'SKUs of this product' });
    for (const sku of skus) await expect(list.getByRole('link', { name: sku.outerSysCode })).toBeVisible();
    await page.getByRole('link', { name: 'Other products in this category' }).click();
    await expect(page).toHaveURL(new RegExp(`/products\\?productCategoryId=${product.productCategoryId}$`));
    await expect(bodyRows(page).first()).toBeVisible();
  });
});

test.describe('viewer', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('sees products but no way to change them', async ({ page }) => {
    await page.goto('/products');
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New product' })).toHaveCount(0);
    await page.goto(`/products/${tenant.products[0]!.id}`);
    await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add a SKU' })).toHaveCount(0);
  });
});
