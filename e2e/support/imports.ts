import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { storageStateFor } from '../fixtures/accounts';

/** Shared steps of the import specs: a CSV built from rows, the wizard up to the check, the results page. */
export const csv = (rows: (string | number)[][]) => Buffer.from(Papa.unparse(rows, { newline: '\r\n' }), 'utf8');

/**
 * Text that starts as a formula would, in turn with =, +886, - and @ (issue 47): the console's files guard such
 * cells, and the import must undo the guard, so they come back as they left.
 */
export const formulaLike = (i: number, text: string) => `${['=', '+886 ', '-', '@'][i % 4]}${text}`;

/** The rows of a CSV the console wrote (its byte-order mark dropped). */
export const rowsOf = (bytes: Buffer) =>
  Papa.parse<string[]>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

/** Rows written back as the console writes a CSV (byte-order mark, CRLF), as Excel saves an edited export. */
export const toFile = (rows: string[][]) => Buffer.from('\uFEFF' + Papa.unparse(rows, { newline: '\r\n' }), 'utf8');

/** The results page's count of rows with this status. */
export const count = (page: Page, status: string) => page.locator(`dd[data-status="${status}"]`);

/** Opens a new import and chooses the family and the file: the wizard stops at the mapping. */
export async function chooseFile(page: Page, family: string, name: string, buffer: Buffer) {
  await page.goto('/imports/new');
  await page.getByLabel('Import into').selectOption({ label: family });
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** Opens a new import, chooses the family and the file, and checks the rows. */
export async function checkFile(page: Page, family: string, name: string, buffer: Buffer) {
  await chooseFile(page, family, name, buffer);
  await page.getByRole('button', { name: 'Check rows' }).click();
}

/**
 * Waits for the comparison with live data to sum up what the rows would do ("2 rows create, …"), on the wizard or
 * in `scope` (a resend's review): it reads the live records first, hence the long wait.
 */
export const expectComparison = (scope: Page | Locator, summary: RegExp | string) =>
  expect(scope.getByText(summary)).toBeVisible({ timeout: 30_000 });

/** The comparison's table of what each row would do, showing only the rows of `option` ("Would fail (3)"). */
export async function comparedRows(page: Page, option: string): Promise<Locator> {
  await page.getByLabel('Show rows that').selectOption({ label: option });
  return page.getByRole('table', { name: 'What each row would do' });
}

export const finished = (page: Page) =>
  expect(page.getByRole('heading', { level: 2, name: /Progress: Finished/ })).toBeVisible({ timeout: 60_000 });

/** Starts the checked import and waits for its results page to say it finished. */
export async function startAndFinish(page: Page) {
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/, { timeout: 30_000 });
  await finished(page);
}

/** The paste of a request body and answer, the last resort behind "Advanced" on Open a failed sync. */
export const openPaste = (page: Page) => page.getByText('Advanced: paste a request body and its answer').click();

/** Opens a failed sync from the imports page with the batch endpoint, request body and answer an integrator pasted. */
export async function openFailedSync(page: Page, endpoint: string, body: unknown[], answer: unknown) {
  await page.goto('/imports');
  await page.getByRole('link', { name: 'Open a failed sync' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open a failed sync' })).toBeVisible();
  await openPaste(page);
  await page.getByLabel('Batch endpoint').selectOption({ label: endpoint });
  await page.getByLabel('Request body (JSON array)').fill(JSON.stringify(body));
  await page.getByLabel('Answer (optional)').fill(JSON.stringify(answer));
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

export type Locale = 'en' | 'zh-TW';

/** The words of a catalogue file as the browser shows them (the specs sign in with an English browser). */
export function catalogue<T>(locale: Locale, file: string): T {
  return JSON.parse(readFileSync(`messages/${locale}/${file}.json`, 'utf8')) as T;
}

type ExportsWords = { exports: { resource: string; format: string; start: string; columns: { outerSysCode: string } } };

export type FileFormat = 'csv' | 'xlsx';

/**
 * The Exports page's CSV (or workbook) of `resource` (companies, products, skus, bundles) with ERP codes
 * containing `code`, written in the language of a browser set to `locale`: the headers a person in that language gets.
 */
export async function exportsPageCsv(
  browser: Browser,
  resource: string,
  code: string,
  locale: Locale,
  format: FileFormat = 'csv',
): Promise<Buffer> {
  return (await exportsPageFiles(browser, resource, code, locale, [format]))[0]!;
}

/** The Exports page's files of `resource` in each of `formats`, one after another from one visit to the page. */
export async function exportsPageFiles(
  browser: Browser,
  resource: string,
  code: string,
  locale: Locale,
  formats: FileFormat[],
): Promise<Buffer[]> {
  const words = catalogue<ExportsWords>(locale, 'exports').exports;
  return download(browser, locale, '/exports', formats, async (page, format) => {
    await page.getByLabel(words.resource).selectOption(resource);
    await page.getByLabel(words.format).selectOption(format);
    await page.getByLabel(words.columns.outerSysCode).fill(code);
    await page.getByRole('button', { name: words.start, exact: true }).click();
  });
}

/** A list page's own export (its toolbar's Export CSV or Export Excel) of the list at `path`, in a browser set to `locale`. */
export async function listCsv(
  browser: Browser,
  path: string,
  locale: Locale,
  format: FileFormat = 'csv',
): Promise<Buffer> {
  return (await listFiles(browser, path, locale, [format]))[0]!;
}

/** The list's own exports in each of `formats`, one after another from one visit to the list. */
export async function listFiles(browser: Browser, path: string, locale: Locale, formats: FileFormat[]) {
  const words = catalogue<{ dataTable: { exportCsv: string; exportXlsx: string } }>(locale, 'data-table').dataTable;
  return download(browser, locale, path, formats, (page, format) =>
    page.getByRole('button', { name: format === 'csv' ? words.exportCsv : words.exportXlsx }).click(),
  );
}

/** Opens `path` once in a browser set to `locale` and downloads the file `start` begins, once per format. */
async function download(
  browser: Browser,
  locale: Locale,
  path: string,
  formats: FileFormat[],
  start: (page: Page, format: FileFormat) => Promise<void>,
): Promise<Buffer[]> {
  const context = await browser.newContext({ storageState: storageStateFor('steward'), locale, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(path);
    const files: Buffer[] = [];
    for (const format of formats) {
      const file = page.waitForEvent('download');
      await start(page, format);
      files.push(readFileSync((await (await file).path())!));
    }
    return files;
  } finally {
    await context.close();
  }
}

/** A read through the console's /v1 proxy from inside the page, as the console's own fetcher sends it. */
export async function proxyRead<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const res = await fetch(`/api/upstream${path}`, { headers: { 'X-Console-Request': '1' } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  }, path) as Promise<T>;
}

/** Expects exactly these body rows in a table of rows, each containing its texts (its line, its message). */
export async function expectRowsContaining(table: Locator, rows: string[][]) {
  await expect(table.locator('tbody tr')).toHaveCount(rows.length);
  for (const [i, texts] of rows.entries()) {
    for (const text of texts) await expect(table.locator('tbody tr').nth(i)).toContainText(text);
  }
}
