import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { as, companiesWithCredit, erp, queueCard as cardOf } from './support/approvals';
import { expectNoAxeViolations } from './fixtures/axe';
import { uniqueCode } from './support/demo-seed';
import { checkFile, count, csv, proxyRead, startAndFinish } from './support/imports';

// Four eyes on money (issue 55) on the demo console and its default policy (a credit limit increase over 20 % or
// NT$100,000 needs a manager): proposals from the quota dialog and from an import, the manager's home and queue,
// the decisions, a stale proposal, and the queue on a phone. Companies of its own, their quotas written as the
// ERP writes them (signed /v1 on the console's port: the ERP is never gated).
test.describe.configure({ mode: 'serial' });

const SHOTS = 'test-results/approvals-shots';
const run = uniqueCode('APPR');
/** A: raised 50 % in the dialog and approved; B: +5 %, applied at once; C, D, E: the import's rows. */
const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
type Letter = (typeof LETTERS)[number];
const ids = {} as Record<Letter, number>;
const code = (l: Letter) => `${run}-${l}`;
const START = 100_000;

const setCredit = (baseURL: string, letter: Letter, creditAmount: number) =>
  erp(baseURL, 'POST', '/v1/companies/credit-quota/batch', [
    { companyId: ids[letter], creditAmount, enabled: true, memo: 'ERP' },
  ]);

const liveCredit = async (page: Page, letter: Letter) =>
  (await proxyRead<{ creditAmount: number }>(page, `/v1/companies/${ids[letter]}/credit-quota`)).creditAmount;

/** The queue's card of one company. */
const queueCard = (page: Page, letter: Letter) => cardOf(page, code(letter));

async function editCredit(page: Page, letter: Letter, amount: number, reason?: string) {
  await page.goto(`/quotas?company=${ids[letter]}`);
  const row = page.getByRole('table', { name: 'Credit quota per company' }).locator('tbody tr').first();
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New credit amount').fill(String(amount));
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm these changes' })).toBeVisible();
  if (reason) await dialog.getByLabel('Reason for the changes that need approval').fill(reason);
  // A change that waits for a manager is sent for approval, not applied: the button says which.
  await dialog.getByRole('button', { name: reason ? 'Send for approval' : 'Apply changes' }).click();
  return { dialog, row };
}

test.beforeAll(async ({ browser }) => {
  const made = await companiesWithCredit(
    browser,
    run,
    LETTERS.map((l) => ({ code: code(l), name: `Approvals ${l}`, start: START })),
  );
  LETTERS.forEach((l, i) => (ids[l] = made[i]!));
  mkdirSync(SHOTS, { recursive: true });
});

test('a steward raises a limit by 50 %: waiting for approval, the live value unchanged, no Approve; +5 % applies at once', async ({
  browser,
}) => {
  const { context, page } = await as(browser, 'steward');
  const { dialog, row } = await editCredit(page, 'A', 150_000, 'New contract signed for Q3');
  await expect(dialog.getByText(/waiting for approval/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-en.png` });
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // Beside the live value, which stays: read back through the proxy.
  await expect(row).toContainText('NT$100,000.00');
  await expect(row).toContainText('Waiting for approval: NT$150,000.00');
  expect(await liveCredit(page, 'A')).toBe(START);
  await expectNoAxeViolations(page);
  // The steward finds no Approve anywhere: the queue is a manager's page.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your proposals' })).toContainText(code('A'));
  await page.screenshot({ path: `${SHOTS}/home-steward-en.png` });
  const queue = await page.goto('/approvals');
  expect(queue?.status()).toBe(403);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // +5 %: under the policy's thresholds, applied at once.
  const small = await editCredit(page, 'B', 105_000);
  await expect(small.dialog.getByText(/1 applied, 0 refused/)).toBeVisible();
  expect(await liveCredit(page, 'B')).toBe(105_000);
  await context.close();
});

test('a credit quota import: rows over the threshold are sent for approval, the others are sent', async ({
  browser,
}) => {
  const { context, page } = await as(browser, 'steward');
  const file = csv([
    ['companyCode', 'creditAmount', 'enabled'],
    [code('C'), 150_000, 'true'],
    [code('D'), 105_000, 'true'],
    [code('E'), 150_000, 'true'],
  ]);
  await checkFile(page, 'Credit quota', 'approvals.csv', file);
  await startAndFinish(page);
  await expect(count(page, 'proposed')).toHaveText('2');
  await expect(count(page, 'ok')).toHaveText('1');
  await expect(page.getByText(/2 sent for approval/)).toBeVisible();
  const rows = page.getByRole('table').filter({ hasText: code('C') });
  await expect(rows.getByRole('row').filter({ hasText: code('C') })).toContainText('Sent for approval');
  await expect(rows.getByRole('row').filter({ hasText: code('D') })).toContainText('Written');
  expect(await liveCredit(page, 'C')).toBe(START);
  expect(await liveCredit(page, 'D')).toBe(105_000);
  expect(await liveCredit(page, 'E')).toBe(START);
  await expectNoAxeViolations(page);
  // The Imports list counts them apart.
  await page.goto('/imports');
  await expect(page.getByText('2 sent for approval').first()).toBeVisible();
  await context.close();
});

test('a manager sees them on the home and in the queue with the exposure, approves one: applied, History names both', async ({
  browser,
}) => {
  const { context, page } = await as(browser, 'manager');
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Proposals waiting for approval' });
  await expect(card).toBeVisible();
  expect(Number(await card.getByTestId('approvals-count').innerText())).toBeGreaterThanOrEqual(3);
  await expect(card).toContainText(/The oldest was proposed .* ago/);
  await page.screenshot({ path: `${SHOTS}/home-manager-en.png` });
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: 'Proposals waiting for approval' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const a = queueCard(page, 'A');
  await expect(a).toContainText('NT$100,000.00 · On → NT$150,000.00 · On');
  await expect(a).toContainText('+50%');
  await expect(a).toContainText('Limit NT$100,000.00');
  await expect(a).toContainText('steward@example.com');
  await expect(a).toContainText('New contract signed for Q3');
  await expect(a).toContainText('Credit limit increase over 20%');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/queue-en.png` });

  await a.getByRole('button', { name: 'Approve' }).click();
  // +50 % is over twice the policy's 20 %: asked once more, naming the company and the amounts.
  const confirm = page.getByRole('dialog', { name: 'Approve a large change?' });
  await expect(confirm).toContainText(`${code('A')} Approvals A: credit limit NT$100,000.00 → NT$150,000.00 (+50%)`);
  await confirm.getByRole('button', { name: 'Approve this change' }).click();
  // The card leaves the queue for "Decided recently" once the page reads it again.
  await expect(page.getByText(/Approved and applied/).first()).toBeVisible();
  await expect.poll(() => liveCredit(page, 'A')).toBe(150_000);

  await page.goto(`/companies/${ids.A}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('manager@example.com');
  await expect(history).toContainText('steward@example.com');
  await context.close();
});

test('a rejected proposal shows the comment to the steward on the home', async ({ browser }) => {
  const manager = await as(browser, 'manager');
  await manager.page.goto('/approvals');
  const c = queueCard(manager.page, 'C');
  await c.getByLabel('Comment on this proposal (required to reject)').fill('Too much at once: ask for 120,000');
  await c.getByRole('button', { name: 'Reject' }).click();
  await expect(manager.page.getByText(/Rejected/).first()).toBeVisible();
  await expect(queueCard(manager.page, 'C')).toHaveCount(0);
  await manager.context.close();

  const steward = await as(browser, 'steward');
  await steward.page.goto('/');
  const mine = steward.page.getByTestId('your-proposal').filter({ hasText: code('C') });
  await expect(mine).toContainText('Rejected');
  await expect(mine).toContainText('Comment: Too much at once: ask for 120,000');
  await expectNoAxeViolations(steward.page);
  await steward.context.close();
});

test('the ERP changes a limit while its proposal waits: the approver sees the three values before anything is sent', async ({
  browser,
  baseURL,
}) => {
  await setCredit(baseURL!, 'E', 120_000);
  const { context, page } = await as(browser, 'manager');
  await page.goto('/approvals');
  const e = queueCard(page, 'E');
  await e.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve a large change?' })
    .getByRole('button', { name: 'Approve this change' })
    .click();
  await expect(e.getByText('The live value changed since this was proposed')).toBeVisible();
  await expect(e).toContainText('When proposed: NT$100,000.00 · On');
  await expect(e).toContainText('Now: NT$120,000.00 · On');
  await expect(e).toContainText('Proposed new: NT$150,000.00 · On');
  expect(await liveCredit(page, 'E')).toBe(120_000);
  await expectNoAxeViolations(page);
  await context.close();
});

test('the queue on a phone: cards with the exposure, nothing wider than the screen', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: storageStateFor('manager'),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/approvals');
  const e = queueCard(page, 'E');
  await expect(e).toBeVisible();
  await expect(e).toContainText('Limit NT$120,000.00');
  await expect(e.getByRole('button', { name: 'Approve' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/queue-phone-en.png`, fullPage: false });
  await expectNoAxeViolations(page);
  await context.close();
});

test('screens at 1280 × 800 in both languages: the queue, the home cards, the policy form', async ({ browser }) => {
  for (const locale of ['en', 'zh-TW'] as const) {
    const manager = await as(browser, 'manager', locale);
    await manager.page.goto('/approvals');
    await expect(manager.page.getByRole('heading', { level: 1 })).toBeVisible();
    await manager.page.screenshot({ path: `${SHOTS}/queue-${locale}.png` });
    await manager.page.goto('/');
    await expect(manager.page.getByTestId('approvals-count')).toBeVisible();
    await manager.page.screenshot({ path: `${SHOTS}/home-manager-${locale}.png` });
    await manager.context.close();
    const steward = await as(browser, 'steward', locale);
    await steward.page.goto('/');
    await expect(steward.page.getByTestId('your-proposal').first()).toBeVisible();
    await steward.page.getByTestId('your-proposal').first().scrollIntoViewIfNeeded();
    await steward.page.screenshot({ path: `${SHOTS}/home-steward-${locale}.png` });
    await steward.page.goto(`/quotas?company=${ids.E}`);
    await steward.page.locator('tbody tr').first().scrollIntoViewIfNeeded();
    await steward.page.screenshot({ path: `${SHOTS}/quotas-waiting-${locale}.png` });
    await steward.context.close();
    const admin = await as(browser, 'admin', locale);
    await admin.page.goto('/settings');
    await admin.page
      .getByRole('region', { name: locale === 'en' ? 'Approval policy' : '核准規則' })
      .getByRole('heading')
      .evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await admin.page.screenshot({ path: `${SHOTS}/settings-${locale}.png` });
    await admin.context.close();
  }
});

test('an admin saves the policy: errors beside the field, a new version on the record', async ({ browser }) => {
  const { context, page } = await as(browser, 'admin');
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Approval policy' });
  const percent = form.getByLabel('Credit limit increase over (percent)');
  await expect(percent).toHaveValue('20');
  await percent.fill('-5');
  await form.getByRole('button', { name: 'Save the policy' }).click();
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Enter a number above 0, or leave it blank for no threshold.')).toBeVisible();
  await percent.fill('20');
  await form.getByRole('button', { name: 'Save the policy' }).click();
  await expect(page.getByText(/Saved as version \d+\./)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Approval policy' })).toContainText(
    /Version \d+, saved by admin@example.com/,
  );
  await expectNoAxeViolations(page);
  await page.goto('/audit');
  await expect(page.getByText(/approval policy version \d+ saved/).first()).toBeVisible();
  await context.close();
});
