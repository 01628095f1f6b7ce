import Papa from 'papaparse';
import { expect, type Page } from '@playwright/test';

/** Shared steps of the import specs: a CSV built from rows, the wizard up to the check, the results page. */
export const csv = (rows: (string | number)[][]) => Buffer.from(Papa.unparse(rows, { newline: '\r\n' }), 'utf8');

/** The results page's count of rows with this status. */
export const count = (page: Page, status: string) => page.locator(`dd[data-status="${status}"]`);

/** Opens a new import, chooses the family and the file, and checks the rows. */
export async function checkFile(page: Page, family: string, name: string, buffer: Buffer) {
  await page.goto('/imports/new');
  await page.getByLabel('Import into').selectOption({ label: family });
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Check rows' }).click();
}

export const finished = (page: Page) => expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });

/** Starts the checked import and waits for its results page to say it finished. */
export async function startAndFinish(page: Page) {
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(page);
}
