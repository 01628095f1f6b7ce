import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { storageStateFor } from './fixtures/accounts';
import { expectNoAxeViolations } from './fixtures/axe';
import { ensureSnapshot } from './support/quotas';

// The Credit and Points dashboards on the demo data (20 companies over their credit limit), read into the
// snapshot by the background refresh job.
test.describe.configure({ mode: 'serial' });

const table = (page: Page, name: string) => page.getByRole('table', { name });
const credit = (page: Page) => table(page, 'Credit quota per company');

test.describe('steward', () => {
  test.use({ storageState: storageStateFor('steward') });

  test('refreshes the snapshot with progress, sorts by utilisation, flags an over-limit company; a small raise applies, a large one waits for approval', async ({
    page,
  }) => {
    await page.goto('/quotas');
    await expect(page.getByRole('heading', { level: 1, name: 'Quotas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quotas' })).toHaveAttribute('aria-current', 'page');
    if (!(await credit(page).isVisible())) {
      await expect(page.getByText(/No snapshot yet/)).toBeVisible();
    }
    // Other specs add companies before this one runs: the refresh must read however many exist now.
    const list = await page.request.get('/api/upstream/v1/companies?pageSize=1', {
      headers: { 'x-console-request': '1' },
    });
    const { totalCount } = (await list.json()) as { totalCount: number };
    expect(totalCount).toBeGreaterThanOrEqual(220);
    await page.getByRole('button', { name: 'Refresh snapshot' }).click();
    // The demo's few hundred companies can be read before the first poll: the bar stays, full, when it ends.
    const bar = page.getByRole('progressbar', { name: 'Snapshot refresh progress' });
    await expect(bar).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(`Reading quotas: \\d+ of ${totalCount} companies|Listing companies|Last refresh finished`),
      ),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`Last refresh finished .*: ${totalCount} companies read`))).toBeVisible({
      timeout: 60_000,
    });
    await expect(bar).toHaveAttribute('value', String(totalCount));
    await expect(bar).toHaveAttribute('max', String(totalCount));
    await expect(credit(page).locator('tbody tr')).toHaveCount(25);
    await expectNoAxeViolations(page);

    // Sorting is server-side over the whole snapshot, and in the URL.
    await credit(page).getByRole('link', { name: 'Utilisation' }).click();
    await expect(page).toHaveURL(/sort=utilisation&dir=desc/);
    await expect(credit(page).getByRole('columnheader', { name: /Utilisation/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const percents = async () =>
      // The figure's own line: an over-limit flag sits under it.
      (await credit(page).locator('tbody tr td:nth-child(7)').allInnerTexts())
        .map((t) => t.split('\n')[0]!.trim())
        .map((t) => (t.endsWith('%') ? Number(t.replace(/[%,]/g, '')) : -1));
    await expect
      .poll(async () => {
        const p = await percents();
        return p.length > 0 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
      })
      .toBe(true);

    // Over limit: the filter finds the twenty, each flagged in words, not only in red.
    await page.getByLabel('Over limit only').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/over=1/);
    await expect(page.getByText(/20 companies · credit/)).toBeVisible();
    const first = credit(page).locator('tbody tr').first();
    await expect(first.getByText('Over limit', { exact: true })).toBeVisible();
    const href = await first.getByRole('link').first().getAttribute('href');
    const companyId = Number(href!.split('/').pop());

    // The company page links to its own quota row.
    await page.goto(`/companies/${companyId}`);
    await page.getByRole('link', { name: 'Open quotas for this company' }).click();
    await expect(page).toHaveURL(new RegExp(`/quotas\\?company=${companyId}$`));
    await expect(credit(page).locator('tbody tr')).toHaveCount(1);
    const row = credit(page).locator('tbody tr').first();
    const readBefore = await row.locator('time').getAttribute('datetime');

    // A raise the demo policy lets through (NT$1,000, under 20 % and NT$100,000) applies at once: review old → new,
    // apply, see the row read again.
    const liveLimit = async () => {
      const res = await page.request.get(`/api/upstream/v1/companies/${companyId}/credit-quota`, {
        headers: { 'x-console-request': '1' },
      });
      return ((await res.json()) as { creditAmount: number }).creditAmount;
    };
    const before = await liveLimit();
    const raised = before + 1000;
    const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
    await row.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New credit amount').fill(String(raised));
    await dialog.getByRole('button', { name: 'Review changes' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm these changes' })).toBeVisible();
    await expect(
      dialog.getByRole('cell', { name: new RegExp(`→ NT\\$${money(raised).replace(/\./g, '\\.')}`) }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply changes' }).click();
    await expect(dialog.getByText(/1 applied, 0 refused/)).toBeVisible();
    await expect(dialog.getByText(/Applied, read again at/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(row).toContainText(money(raised).split('.')[0]!);
    await expect.poll(() => row.locator('time').getAttribute('datetime')).not.toBe(readBefore);
    expect(await liveLimit()).toBe(raised);

    // Enough to clear the overrun is a raise the policy holds for a manager: nothing is sent, the row says so.
    await row.getByRole('button', { name: /^Edit / }).click();
    await dialog.getByLabel('New credit amount').fill('99999999');
    await dialog.getByRole('button', { name: 'Review changes' }).click();
    await expect(dialog.getByText(/Needs approval: /)).toBeVisible();
    await dialog.getByLabel('Reason for the changes that need approval').fill('Year-end orders from this customer');
    // Every change of this review waits for a manager: the button says so.
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog.getByText(/1 sent for approval/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(row.getByText(/Waiting for approval: .*99,999,999/)).toBeVisible();
    await expect(row.getByText('Over limit', { exact: true })).toBeVisible();
    expect(await liveLimit()).toBe(raised);

    // Points: the enabled rule is stated.
    await page.getByRole('link', { name: 'Points' }).click();
    await expect(
      page.getByText(
        'Enabled is stored and reported only; the ordering flow always checks the balance, so disabling does not make points unlimited.',
      ),
    ).toBeVisible();
    await expect(table(page, 'Point quota per company')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // Issue 47: the table fits a laptop's frame in both languages (judged by bounding boxes, not element sizes), and
  // the edit dialog says whose limit it changes, from what, to what.
  test('fits 1280 × 800 in zh-TW and English: no sideways scroll, Edit in view, the dialog names the company', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const lang of ['zh-TW', 'en'] as const) {
      const zh = lang === 'zh-TW';
      await context.addCookies([{ name: 'console-locale', value: lang, url: baseURL! }]);
      await page.goto('/quotas?over=1');
      const table = page.getByRole('table', { name: zh ? '各公司信用額度' : 'Credit quota per company' });
      const first = table.locator('tbody tr').first();
      await expect(first).toBeVisible();
      const overflow = await table.evaluate((t) => {
        const frames = [t.closest('main')!, t.parentElement!];
        return frames.map((f) => f.scrollWidth - f.clientWidth);
      });
      expect(overflow, `${lang}: main and table frame overflow`).toEqual([0, 0]);
      // The table lies under the charts: bring its first row up by scrolling the window only (scrolling the
      // button into view would also scroll the table's frame sideways, hiding what this checks).
      await first.evaluate((row) => window.scrollBy(0, row.getBoundingClientRect().top - 200));
      const edit = first.getByRole('button', { name: zh ? /^編輯 / : /^Edit / });
      const box = (await edit.boundingBox())!;
      expect(
        box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800,
        `${lang}: Edit at ${JSON.stringify(box)}`,
      ).toBe(true);

      // A name or memo cut to two lines shows all of it on hover (title) and on focus (unclamped in place).
      if (!zh) {
        const cut = table.locator('td span[title][tabindex="0"]').first();
        await cut.focus();
        expect(
          await cut.evaluate((e) => e.getAttribute('title') === e.textContent && e.scrollHeight <= e.clientHeight + 1),
        ).toBe(true);
      }

      // Over-limit chart: the tooltip names the company and says the amount as money.
      if (zh) {
        const chart = page.locator('figure[aria-labelledby="chart-over"]');
        await chart.locator('.recharts-bar-rectangle').first().hover();
        await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(/C\d+ — .+超出額度：NT\$[\d,]+\.\d\d/);
      }

      const code = (await first.getByRole('link').first().innerText()).trim();
      const name = (await first.locator('td').nth(2).innerText()).replace(/\s+/g, ' ').trim();
      // The live limit, without a change that waits for approval noted under it.
      const limit = await first
        .locator('td')
        .nth(3)
        .evaluate((td) => {
          const copy = td.cloneNode(true) as HTMLElement;
          copy.querySelector('[data-note]')?.remove();
          return (copy.textContent ?? '').trim();
        });
      await edit.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('rowheader', { name: `${code} — ${name}` })).toBeVisible();
      await expect(dialog.getByRole('cell', { name: limit, exact: true })).toBeVisible();
      await dialog.getByLabel(zh ? '新的信用額度' : 'New credit amount').fill('1234567.5');
      await expect(dialog.getByRole('cell', { name: 'NT$1,234,567.50', exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: zh ? '取消' : 'Cancel' }).click();
    }
  });
});

test.describe('viewer', () => {
  test.use({ storageState: storageStateFor('viewer') });

  test('sees both dashboards but no edit controls', async ({ page }) => {
    await ensureSnapshot(page);
    await expect(credit(page).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /^Select/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Points' }).click();
    await expect(page.getByText(/disabling does not make points unlimited/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
