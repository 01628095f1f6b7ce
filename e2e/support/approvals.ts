import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signedRequest } from '@/service/testing/client';
import { expect, test } from '../fixtures/test';
import { storageStateFor, type RoleName } from '../fixtures/accounts';
import { refreshQuotaSnapshot } from './quotas';

/**
 * The approvals specs' shared steps on the demo console: the ERP's own signed writes (never gated), a person's
 * browser in a language and a screen size, and companies of a spec's own with their credit limits in the Quotas
 * page's snapshot.
 */

export async function erp<T>(baseURL: string, method: string, path: string, body?: unknown): Promise<T> {
  const creds = { clientId: 'demo-erp', secret: 'demo-erp-secret' };
  const response = await fetch(await signedRequest(method, path, body, { base: baseURL, creds }));
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1280, height: 800 } as const;

export async function as(
  browser: Browser,
  role: RoleName,
  locale = 'en',
  viewport: { width: number; height: number } = LAPTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({
    storageState: storageStateFor(role),
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const { baseURL } = test.info().project.use;
  await context.addCookies([{ name: 'console-locale', value: locale, url: baseURL! }]);
  return { context, page: await context.newPage() };
}

/**
 * Creates companies `codes` (as the ERP does), gives each the credit limit `start`, and waits until the Quotas
 * page's snapshot lists them all (searching for `run`, the codes' common part). Returns their ids in order.
 */
export async function companiesWithCredit(
  browser: Browser,
  run: string,
  companies: { code: string; name: string; start: number }[],
): Promise<number[]> {
  const { baseURL } = test.info().project.use;
  const created = await erp<{ items: { status: string; id: number }[] }>(
    baseURL!,
    'POST',
    '/v1/companies/batch',
    companies.map((c) => ({ outerSysCode: c.code, name: c.name, internalUserId: 2 })),
  );
  const ids = created.items.map((item) => item.id);
  await erp(
    baseURL!,
    'POST',
    '/v1/companies/credit-quota/batch',
    companies.map((c, i) => ({ companyId: ids[i], creditAmount: c.start, enabled: true, memo: 'ERP' })),
  );
  const { context, page } = await as(browser, 'steward');
  await page.goto('/quotas');
  await refreshQuotaSnapshot(page, { tab: 'credit', q: run, count: companies.length, attempts: 3 });
  await context.close();
  return ids;
}

/** The queue's card of one company (by its code in the card's heading). */
export const queueCard = (page: Page, companyCode: string, caption = 'Proposals waiting for approval') =>
  page
    .getByRole('list', { name: caption })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(companyCode) }) });
