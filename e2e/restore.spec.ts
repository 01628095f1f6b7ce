import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { zhTWPage } from './support/zh-tw';
import { demoTenant, proxyWrite, uniqueCode } from './support/demo-seed';

// Issue 56 point 2: "Restore earlier values" from a company's History. Two edits ago the phone and the address
// changed together; a later edit changed the address again. Restoring that entry selects only the phone (the
// address changed since, and says by whom); the save restores the phone, keeps the later address, and History says
// "Restored from the change of …", linking the entry it undid.

test.use({ storageState: storageStateFor('steward') });

const category = demoTenant().productCategories.find((c) => c.parentId !== null)!;

/** An edit through the proxy as the console's forms send it: the old values they read go in the review. */
async function put(page: Page, path: string, body: Record<string, unknown>, from: Record<string, unknown>) {
  const status = await page.evaluate(
    async ({ path, body, review }) => {
      const res = await fetch(`/api/upstream${path}`, {
        method: 'PUT',
        headers: { 'X-Console-Request': '1', 'Content-Type': 'application/json', 'X-Console-Review': review },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { path, body, review: encodeURIComponent(JSON.stringify(from)) },
  );
  expect(status).toBe(200);
}

const edit = (page: Page, id: number, body: Record<string, unknown>, from: Record<string, unknown>) =>
  put(page, `/v1/companies/${id}`, body, from);

async function created(page: Page, path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await proxyWrite(page, 'POST', path, body);
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }).id;
}

const history = (page: Page) => page.getByRole('region', { name: 'History' });

test('restoring the phone from two edits ago keeps the address a later edit changed', async ({ page, browser }) => {
  const code = uniqueCode('RST');
  await page.goto('/companies');
  const created = await proxyWrite(page, 'POST', '/v1/companies', {
    outerSysCode: code,
    name: `Restore ${code}`,
    cellPhone: '02-1000-0001',
    shippingAddress: 'Old Road 1',
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  await edit(
    page,
    id,
    { cellPhone: '02-2000-0002', shippingAddress: 'Middle Road 2' },
    { cellPhone: '02-1000-0001', shippingAddress: 'Old Road 1' },
  );
  await edit(page, id, { shippingAddress: 'New Road 3' }, { shippingAddress: 'Middle Road 2' });

  await page.goto(`/companies/${id}`);
  const entry = history(page).getByRole('row').filter({ hasText: '02-1000-0001 → 02-2000-0002' });
  await entry.getByRole('link', { name: 'Restore earlier values' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}/edit\\?restore=\\d+$`));
  const changeId = new URL(page.url()).searchParams.get('restore')!;

  const panel = page.getByRole('region', { name: 'Restore earlier values' });
  await expect(panel.getByRole('checkbox', { name: 'Phone' })).toBeChecked({ timeout: 20_000 });
  const address = panel.getByRole('checkbox', { name: 'Shipping address' });
  await expect(address).not.toBeChecked();
  await expect(address).toHaveAccessibleDescription(/Changed since, by steward@example\.com .*New Road 3/);
  await expect(panel.getByRole('alert')).toContainText('1 field has changed since this change');
  await expectNoAxeViolations(page);
  // The panel as a person sees it at 1280 × 800, in both languages (looked at, not compared).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('restore-panel-en.png') });
  const zhPage = await zhTWPage(browser, { url: page.url() });
  await expect(zhPage.getByRole('region', { name: '還原先前的值' }).getByRole('alert')).toBeVisible({
    timeout: 20_000,
  });
  await zhPage.screenshot({ path: test.info().outputPath('restore-panel-zh-TW.png') });
  // In zh-TW on a phone too, the chosen value is what "確認並儲存" reviews at once (closed without saving here).
  await zhPage.setViewportSize({ width: 390, height: 844 });
  await zhPage.getByRole('button', { name: '確認並儲存' }).click();
  const zhDialog = zhPage.getByRole('dialog');
  await expect(zhDialog).toContainText('02-1000-0001');
  await expect(zhPage.getByText('沒有任何變更，因此不需要儲存。')).toHaveCount(0);
  await zhPage.screenshot({ path: test.info().outputPath('restore-review-phone-zh-TW.png') });
  await zhPage.context().close();
  // On a phone the panel scrolls inside itself and the form stays reachable, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('textbox', { name: 'ERP code' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('restore-panel-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // One step (issue 62 point 5): the pre-chosen earlier value is in the form already; "Review and save" reviews it.
  await expect(panel.getByRole('status')).toContainText('1 earlier value is in the form');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('02-1000-0001');
  await expect(page.getByRole('textbox', { name: 'Shipping address' })).toHaveValue('New Road 3');
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('02-1000-0001');
  await expect(dialog).not.toContainText('Shipping address');
  await page.screenshot({ path: test.info().outputPath('restore-review-en.png') });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));

  const restored = history(page).getByRole('row').filter({ hasText: 'Restored from the change of' }).first();
  await expect(restored).toContainText('02-2000-0002 → 02-1000-0001');
  await expect(
    restored.getByRole('link', { name: /Restored from the change of .* by steward@example\.com/ }),
  ).toHaveAttribute('href', `#change-${changeId}`);
  await restored.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('restore-history-en.png') });
  // Read back live: the phone is the earlier one, the address the later edit's.
  const live = await page.evaluate(async (id) => {
    const res = await fetch(`/api/upstream/v1/companies/${id}`, { headers: { 'X-Console-Request': '1' } });
    return (await res.json()) as { cellPhone: string; shippingAddress: string };
  }, id);
  expect(live).toMatchObject({ cellPhone: '02-1000-0001', shippingAddress: 'New Road 3' });
});

test('a bundle’s earlier recipe is restored by code in its editor, a component no longer found left out', async ({
  page,
}) => {
  const [a, b] = [uniqueCode('RSA'), uniqueCode('RSB')];
  await page.goto('/bundles');
  const product = await created(page, '/v1/products', {
    outerSysCode: uniqueCode('RSP'),
    name: 'Restore parts',
    productCategoryId: category.id,
  });
  const ida = await created(page, '/v1/skus', { productId: product, outerSysCode: a, name: `Part ${a}` });
  const idb = await created(page, '/v1/skus', { productId: product, outerSysCode: b, name: `Part ${b}` });
  const old = [
    { componentSkuId: ida, quantity: 2, sort: 1 },
    { componentSkuId: idb, quantity: 1, sort: 2 },
  ];
  const id = await created(page, '/v1/bundles', {
    outerSysCode: uniqueCode('RSBUNDLE'),
    name: 'Restore recipe',
    productCategoryId: category.id,
    components: old,
  });
  // The recipe editor's save: A ×5 only; then B's code is retired, so no SKU has it any more.
  await put(
    page,
    `/v1/bundles/${id}`,
    { components: [{ componentSkuId: ida, quantity: 5, sort: 10 }] },
    { components: old, $labels: { [ida]: { code: a, name: `Part ${a}` }, [idb]: { code: b, name: `Part ${b}` } } },
  );
  await put(page, `/v1/skus/${idb}`, { outerSysCode: `${b}-OLD` }, { outerSysCode: b });

  await page.goto(`/bundles/${id}`);
  const entry = history(page).getByRole('row').filter({ hasText: '×2 → ×5' });
  await entry.getByRole('link', { name: 'Restore earlier values' }).click();
  const panel = page.getByRole('region', { name: 'Restore earlier values' });
  await expect(panel.getByRole('checkbox', { name: 'Recipe' })).toBeDisabled({ timeout: 20_000 });
  await panel.getByRole('link', { name: 'Restore this recipe on the bundle’s page' }).click();
  await expect(page.getByText(`${b} Part ${b} ×1: no SKU has this code now, so it is left out.`)).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Open this recipe in the editor' }).click();
  const editor = page.getByRole('region', { name: 'Edit recipe' });
  await expect(editor.getByLabel(`Quantity per bundle of ${a}`)).toHaveValue('2');
  await expect(editor.getByLabel(`Quantity per bundle of ${b}`)).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save recipe' }).click();
  await expect(editor).toBeHidden();
  const restored = history(page).getByRole('row').filter({ hasText: 'Restored from the change of' }).first();
  await expect(restored).toContainText('×5 → ×2');
  const live = await page.evaluate(async (id) => {
    const res = await fetch(`/api/upstream/v1/bundles/${id}`, { headers: { 'X-Console-Request': '1' } });
    return (await res.json()) as { components: { componentSkuId: number; quantity: number }[] };
  }, id);
  expect(live.components.map((c) => [c.componentSkuId, c.quantity])).toEqual([[ida, 2]]);
});

test('a SKU’s earlier price is restored from the restore panel through the price batch; a sell price changed since is not', async ({
  page,
  browser,
}) => {
  await page.goto('/skus');
  const product = await created(page, '/v1/products', {
    outerSysCode: uniqueCode('RPP'),
    name: 'Restore prices',
    productCategoryId: category.id,
  });
  const code = uniqueCode('RPS');
  const id = await created(page, '/v1/skus', {
    productId: product,
    outerSysCode: code,
    name: `Priced ${code}`,
    price: 10,
    sellPrice: 9,
  });
  await put(page, '/v1/prices/batch', [{ skuId: id, price: 12, sellPrice: 11 }] as never, { price: 10, sellPrice: 9 });
  await put(page, '/v1/prices/batch', [{ skuId: id, sellPrice: 10.5 }] as never, { sellPrice: 11 });

  await page.goto(`/skus/${id}`);
  const links = history(page).getByRole('link', { name: 'Restore earlier values' });
  await expect(links.first()).toBeVisible({ timeout: 20_000 });
  // The first price change (10 → 12, 9 → 11), before the sell price's: change ids grow with time.
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!));
  const byChange = [...new Set(hrefs)].sort((a, b) => Number(a.split('=')[1]) - Number(b.split('=')[1]));
  await page.goto(byChange[0]!);

  const panel = page.getByRole('region', { name: 'Restore earlier values' });
  await expect(panel.getByRole('checkbox', { name: 'Price', exact: true })).toBeChecked({ timeout: 20_000 });
  await expect(panel.getByRole('checkbox', { name: 'Sell price' })).not.toBeChecked();
  // Looked at, not compared: the panel's prices at 1280 × 800 in both languages.
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('restore-prices-en.png') });
  const zhPage = await zhTWPage(browser, { url: page.url() });
  await expect(zhPage.getByRole('button', { name: '檢視並還原所選的價格' })).toBeVisible({ timeout: 20_000 });
  await zhPage.getByRole('region', { name: '還原先前的值' }).scrollIntoViewIfNeeded();
  await zhPage.screenshot({ path: test.info().outputPath('restore-prices-zh-TW.png') });
  await zhPage.context().close();
  // The form's own "Review and save" reviews the chosen prices too: never "nothing to save" with a price chosen.
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).not.toContainText('Sell price');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  const live = await page.evaluate(async (id) => {
    const res = await fetch(`/api/upstream/v1/skus/${id}/price`, { headers: { 'X-Console-Request': '1' } });
    return (await res.json()) as { price: number; sellPrice: number };
  }, id);
  expect(live).toMatchObject({ price: 10, sellPrice: 10.5 });
  await page.goto(`/skus/${id}`);
  const restored = history(page).getByRole('row').filter({ hasText: 'Restored from the change of' }).first();
  await expect(restored).toBeVisible({ timeout: 20_000 });
  await expect(restored.getByRole('link', { name: /Restored from the change of/ })).toHaveAttribute(
    'href',
    `#change-${byChange[0]!.split('=')[1]}`,
  );
});
