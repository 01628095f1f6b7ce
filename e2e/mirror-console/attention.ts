import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { demoTenant, uniqueCode } from '../support/demo-seed';
import { signInCookie } from '../support/console-process';
import { screenshotTo } from '../support/attention-console';
import { describeOnMirrorConsole } from './part';
import { gs1CheckDigit, gs1CheckDigitValid, type FindingsPage } from '@/lib/contract/attention';
import { signedRequest } from '@/service/testing/client';

// Issue 43, the Playwright acceptance points, on the console with the mirror on that e2e/mirror-console.spec.ts
// starts (demo mode: the embedded /v1 service, the demo accounts; a pass every 5 s). SKUs are written through /v1
// with the ERP's own signed credential, as an outside system does; the console finds them on its own.

/** Set to a folder to keep 1280×800 screenshots of the home, a findings list and a record, in both languages. */
const shots = process.env.ATTENTION_SCREENSHOTS;
const CHECK_DIGIT = 'Barcode check digit is wrong';
const SHARED = 'Barcode shared by active SKUs';
const OVER_LIMIT = 'Over the credit limit';
let url = '';
/** The SKU whose wrong barcode the steward fixes, with its barcode before and after (History in zh-TW reads it). */
const fixedSku = { id: 0, wrong: '', fixed: '' };

type Sku = { id: number; outerSysCode: string; barcode: string | null };

/** A call to /v1 on the console's port (the embedded service), signed with the ERP's own credential. */
async function erp<T>(method: string, path: string, body?: unknown): Promise<T> {
  const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
  const response = await fetch(await signedRequest(method, path, body, { base: url, creds }));
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A barcode of 13 digits no other SKU has, with its right check digit or (`wrong`) another one. */
function barcode(wrong = false): string {
  const body = `29${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const check = gs1CheckDigit(body);
  return `${body}${wrong ? (check + 1) % 10 : check}`;
}

/** Session cookies of the accounts signed in, by email. */
const cookies = new Map<string, string>();

async function signedIn(browser: Browser, email: string, locale = 'en-US'): Promise<Page> {
  const cookie = await signInCookie(url, email);
  cookies.set(email, cookie);
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await browser.newContext({ baseURL: url, locale, viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name, value, url }]);
  return context.newPage();
}

/** The count on a rule's card on the home, 0 when the rule has no card (nothing open). */
async function cardCount(page: Page, rule: string): Promise<number> {
  const card = page.getByRole('region', { name: rule, exact: true });
  if ((await card.count()) === 0) return 0;
  return Number((await card.getByTestId('card-count').innerText()).replace(/\D/g, ''));
}

/** The home with its cards: they stream in after the heading, behind a skeleton marked busy. */
async function home(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 20_000 });
}

/** A finding's row, by its record's code (the record's link; other rows may name it among their values). */
const findingRow = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: code, exact: true }) });

/** Reloads the rule's findings until the record `code` is among them: found after the mirror's next pass or two. */
async function untilFound(page: Page, rule: string, code: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`/attention/${rule}`);
        return findingRow(page, code).count();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
}
const shot = (page: Page, name: string) => screenshotTo(shots, page, name);

/** With a screenshot folder: the History panel as seen at 1280 × 800 and 390 × 844 (issue 54's screens). */
async function historyShots(page: Page, history: Locator, name: string) {
  if (!shots) return;
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${size.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

export function attentionTests() {
  describeOnMirrorConsole(
    "needs attention, found by the console's own checks (issue 43)",
    {
      title: 'the console with the mirror on checks its copy',
      email: 'steward@example.com',
      // The first copy, then the full evaluation after it: the SKUs' rules report when they last ran.
      found: (summary) => summary.checked.some((c) => c.resource === 'skus' && c.evaluatedAt !== null),
    },
    (address) => {
      url = address;
    },
    () => {
      test('a wrong check digit and a shared barcode show on the steward’s home; a fix resolves, an acceptance hides until the barcode changes', async ({
        browser,
      }) => {
        test.setTimeout(300_000);
        const page = await signedIn(browser, 'steward@example.com');
        const productId = demoTenant().skus[0]!.productId;
        const sku = async (code: string, value: string) =>
          (
            await erp<{ id: number }>('POST', '/v1/skus', {
              productId,
              outerSysCode: code,
              name: `Attention ${code}`,
              barcode: value,
              price: 120,
              sellPrice: 100,
            })
          ).id;
        /** The barcodes of the open findings of "shared by active SKUs" (each held by two or more active SKUs). */
        const sharedBarcodes = async () => {
          const read = () =>
            fetch(`${url}/api/attention/rules/sku-barcode-shared?pageSize=100`, {
              headers: { cookie: cookies.get('steward@example.com')!, 'x-console-request': '1' },
            });
          // A read again when a kept-alive connection was closed under it (ECONNRESET): a GET, safe to repeat.
          const answer = await read().catch(read);
          expect(answer.status).toBe(200);
          return ((await answer.json()) as FindingsPage).rows
            .map((row) => row.values.barcode)
            .filter((value): value is string => typeof value === 'string' && gs1CheckDigitValid(value) !== false);
        };
        // A barcode two active SKUs already share (a finding of each), so one more SKU with it is one more finding. The
        // demo seed has such pairs; without one, a seeded SKU's barcode is given to a SKU of this test first.
        let twin = (await sharedBarcodes())[0];
        if (!twin) {
          const { data } = await erp<{ data: (Sku & { status: string | null })[] }>('GET', '/v1/skus?pageSize=100');
          twin = data.find((s) => s.status === 'Active' && s.barcode && gs1CheckDigitValid(s.barcode))!.barcode!;
          await sku(uniqueCode('ATT-T'), twin);
          await expect.poll(sharedBarcodes, { timeout: 20_000, intervals: [1000] }).toContain(twin);
        }

        await home(page);
        const before = { check: await cardCount(page, CHECK_DIGIT), shared: await cardCount(page, SHARED) };
        const [codeA, codeB] = [uniqueCode('ATT-A'), uniqueCode('ATT-B')];
        const wrongA = barcode(true);
        const a = await sku(codeA, wrongA);
        const b = await sku(codeB, twin);
        const writtenAt = Date.now();

        // Within 15 s both cards are one higher (the home is read again, as a person reloads it).
        await expect
          .poll(
            async () => {
              await home(page);
              return { check: await cardCount(page, CHECK_DIGIT), shared: await cardCount(page, SHARED) };
            },
            { timeout: 15_000, intervals: [1000] },
          )
          .toEqual({ check: before.check + 1, shared: before.shared + 1 });
        expect(Date.now() - writtenAt).toBeLessThan(15_000);
        await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('attention-count')).toBeVisible();
        await expectNoAxeViolations(page);
        await shot(page, 'home-en');

        // Each card's link lists its SKU, with the offending value and the fix at hand.
        await page.getByRole('link', { name: SHARED, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: SHARED })).toBeVisible();
        await expect(findingRow(page, codeB)).toContainText(twin);
        await page.goto('/');
        await page.getByRole('link', { name: CHECK_DIGIT, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: CHECK_DIGIT })).toBeVisible();
        await expect(findingRow(page, codeA)).toBeVisible();
        await expectNoAxeViolations(page);
        await shot(page, 'findings-en');

        // Fixing A's barcode in the console resolves its finding with the save: the record shows none, the count drops
        // back, without waiting for the mirror's next pass.
        await findingRow(page, codeA)
          .getByRole('link', { name: /Correct the barcode/ })
          .click();
        // The fix carries the way back to the findings still open (issue 54): saved, the person lands there, not on the record.
        await expect(page).toHaveURL(
          new RegExp(`/skus/${a}/edit\\?focus=barcode&back=%2Fattention%2Fsku-barcode-check-digit$`),
        );
        // It lands in the barcode (issue 62 point 3).
        await expect(page.getByLabel('Barcode')).toBeFocused();
        const fixed = barcode();
        await page.getByLabel('Barcode').fill(fixed);
        await page.getByRole('button', { name: 'Review and save' }).click();
        await page
          .getByRole('dialog', { name: 'Review changes' })
          .getByRole('button', { name: 'Save changes' })
          .click();
        await expect(page).toHaveURL(/\/attention\/sku-barcode-check-digit$/);
        await expect(findingRow(page, codeA)).toHaveCount(0);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: /^Needs attention/ })
          .click();
        // Counted from the home's first paint (the way there is slow on a loaded machine): the mirror passes every 5 s
        // here, so a count already back within 4 s of it came with the save.
        await expect(page).toHaveURL(/:\d+\/$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => cardCount(page, CHECK_DIGIT), { timeout: 4_000 }).toBe(before.check);
        await page.goto(`/skus/${a}`);
        await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
        const history = page.getByRole('region', { name: 'History' });
        await expect(history).toContainText('Needs attention: found');
        await expect(history).toContainText('Needs attention: resolved');
        // Each entry names its rule as the home does.
        await expect(history.getByText(CHECK_DIGIT)).toHaveCount(2);
        // The finding is told as one, with the barcode before and after the fix: never as a field changed to empty.
        await expect(history).toContainText(`Found: Barcode ${wrongA}`);
        await expect(history).toContainText(`Resolved: Barcode is now ${fixed} (was ${wrongA})`);
        await expect(history).not.toContainText('(empty)');
        Object.assign(fixedSku, { id: a, wrong: wrongA, fixed });
        await historyShots(page, history, 'history-en');

        // B, on its own page: its finding above its details. Accepting it with a reason hides it from the list and count.
        await page.goto(`/skus/${b}`);
        const findings = page.getByRole('region', { name: 'Needs attention' });
        await expect(findings).toContainText(SHARED);
        await shot(page, 'record-en');
        await page.goto('/attention/sku-barcode-shared');
        const dialog = page.getByRole('dialog', { name: `Accept ${codeB} as an exception` });
        // A click before the list has hydrated does nothing: click again until the dialog opens.
        await expect(async () => {
          await findingRow(page, codeB)
            .getByRole('button', { name: /^Accept/ })
            .click();
          await expect(dialog).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        await dialog.getByRole('button', { name: 'Accept' }).click();
        await expect(dialog.getByText('Say why this is not a problem.')).toBeVisible();
        await dialog.getByLabel('Reason').fill('A twin pack: both SKUs are sold under one barcode on purpose.');
        await dialog.getByRole('button', { name: 'Accept' }).click();
        await expect(dialog).toBeHidden();
        await expect(findingRow(page, codeB)).toHaveCount(0);
        await home(page);
        expect(await cardCount(page, SHARED)).toBe(before.shared);
        await page.goto('/attention/sku-barcode-shared?state=accepted');
        await expect(findingRow(page, codeB)).toContainText('A twin pack');

        // Changing B's barcode through /v1 to another shared one (A's, now) reopens it after a pass or two.
        await erp('PUT', `/v1/skus/${b}`, { barcode: fixed });
        await untilFound(page, 'sku-barcode-shared', codeB);
        await page.context().close();
      });

      test('“Set the sell price” opens the SKU’s price panel with the sell price focused', async ({ browser }) => {
        const page = await signedIn(browser, 'steward@example.com');
        const code = uniqueCode('ATT-P');
        const { id } = await erp<{ id: number }>('POST', '/v1/skus', {
          productId: demoTenant().skus[0]!.productId,
          outerSysCode: code,
          name: `No sell price ${code}`,
          price: 120,
          sellPrice: 0,
        });
        await untilFound(page, 'sku-no-sell-price', code);
        // Issue 62 point 3: the edit form has no price; the fix opens the price panel, in the sell price.
        // A click before the list has hydrated does nothing: click again until the page moves.
        await expect(async () => {
          await findingRow(page, code)
            .getByRole('link', { name: /Set the sell price/ })
            .click();
          await expect(page).toHaveURL(
            new RegExp(`/skus/${id}\\?focus=sellPrice&back=%2Fattention%2Fsku-no-sell-price$`),
            {
              timeout: 3_000,
            },
          );
        }).toPass({ timeout: 30_000 });
        await expect(page.getByLabel('Sell price', { exact: true })).toBeFocused({ timeout: 20_000 });
        await shot(page, 'sell-price-fix-en');
        await page.context().close();
      });

      test('a viewer’s home shows the over-limit companies the Quotas totals count, and no accept', async ({
        browser,
      }) => {
        const page = await signedIn(browser, 'viewer@example.com');
        await home(page);
        const count = await cardCount(page, OVER_LIMIT);
        expect(count).toBeGreaterThan(0);
        await page.getByRole('link', { name: OVER_LIMIT, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: OVER_LIMIT })).toBeVisible();
        // The rule's own view on the Quotas page (credit control on, over the limit): its totals give the card's count.
        await page.getByRole('link', { name: 'Open in the list' }).click();
        const totals = page.getByText(/Totals:.* over limit/);
        await expect(totals).toContainText(` ${count.toLocaleString('en')} over limit`);
        await expect(totals).toContainText(`Totals: ${count.toLocaleString('en')} compan`);

        await page.goBack();
        await expect(page.getByRole('heading', { level: 1, name: OVER_LIMIT })).toBeVisible();
        // A viewer is offered nothing it cannot do (issue 54): no fix link, no accept.
        await expect(page.getByRole('link', { name: /^Edit the quota/ })).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
        await page.context().close();
      });

      test('History of the fixed barcode in Traditional Chinese: found and resolved, old and new barcode, nothing emptied', async ({
        browser,
      }) => {
        test.skip(!fixedSku.id, 'needs the fix of the test before');
        const page = await signedIn(browser, 'admin@example.com', 'zh-TW');
        await page.goto(`/skus/${fixedSku.id}`);
        const history = page.getByRole('region', { name: '異動紀錄' });
        await expect(history).toContainText(`發現：條碼 ${fixedSku.wrong}`);
        await expect(history).toContainText(`已解決：條碼現為 ${fixedSku.fixed}（原為 ${fixedSku.wrong}）`);
        await expect(history).not.toContainText('（空白）');
        await historyShots(page, history, 'history-zh');
        // The audit log tells the same in words: who (the console's checks), what was found and resolved, no route.
        await page.goto('/audit?family=attention');
        await expect(page.getByRole('main')).toContainText('主控台檢查');
        await expect(page.getByRole('main')).toContainText('已解決：條碼檢查碼錯誤');
        await expect(page.getByRole('main')).not.toContainText('AUDIT_RETENTION_DAYS');
        await shot(page, 'audit-zh');
        await page.goto('/audit');
        await expect(page.getByLabel('操作').locator('option', { hasText: '/v1/' })).toHaveCount(0);
        await page.context().close();
        const en = await signedIn(browser, 'admin@example.com');
        await en.goto('/audit?family=attention');
        await expect(en.getByRole('main')).toContainText("The console's checks");
        await expect(en.getByRole('main')).toContainText(`Resolved: ${CHECK_DIGIT}`);
        await shot(en, 'audit-en');
        await en.context().close();
      });

      for (const who of ['admin', 'steward'] as const) {
        test(`the ${who}’s home in Traditional Chinese has no English word`, async ({ browser }) => {
          const page = await signedIn(browser, `${who}@example.com`, 'zh-TW');
          await page.goto('/');
          await expect(page.getByRole('heading', { level: 1, name: '待處理' })).toBeVisible();
          await expect(page.getByRole('main').getByRole('region').first()).toBeVisible();
          for (const part of [page.getByRole('main'), page.getByRole('navigation', { name: '主選單' })]) {
            // The home names rules and counts, no record: no code or name to allow for.
            expect((await part.innerText()).match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
          }
          if (who === 'steward') {
            await shot(page, 'home-zh');
            // Other specs fix shared barcodes meanwhile: a record listed a moment ago may have none left by its page.
            await expect(async () => {
              await page.goto('/attention/sku-barcode-shared');
              await expect(page.getByRole('table')).toBeVisible();
              const record = page.getByRole('table').locator('tbody tr').first().getByRole('link').first();
              await record.click();
              await expect(page.getByRole('region', { name: '待處理' })).toBeVisible({ timeout: 5_000 });
            }).toPass({ timeout: 45_000 });
            await shot(page, 'record-zh');
            await page.goBack();
            await expect(page.getByRole('table')).toBeVisible();
            await shot(page, 'findings-zh');
          }
          await page.context().close();
        });
      }
    },
  );
}
