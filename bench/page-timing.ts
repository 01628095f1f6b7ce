import type { Page } from 'playwright';

/** Resolves with ms since navigation start once the list shows `rows` rows, is not busy and is hydrated. */
export async function rowsReadyAt(page: Page, rows: number): Promise<number> {
  const handle = await page
    .waitForFunction(
      (expected) => {
        const table = document.querySelector('main table');
        if (!table || table.getAttribute('aria-busy') === 'true') return false;
        // Rows can arrive in the server HTML; the page answers clicks only once React has hydrated it,
        // which is when React's fiber is attached to the element.
        const hydrated = Object.keys(table).some((key) => key.startsWith('__reactFiber'));
        const count = table.querySelectorAll('tbody tr').length;
        return hydrated && count === expected ? performance.now() : false;
      },
      rows,
      { timeout: 30_000, polling: 'raf' },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/bench-pages-failure.png' });
      console.error(
        'at',
        page.url(),
        await page.evaluate(() => document.querySelectorAll('main table tbody tr').length),
      );
      throw error;
    });
  return Math.round((await handle.jsonValue()) as number);
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { min: sorted[0] as number, p50: at(0.5), p90: at(0.9), max: sorted.at(-1) as number };
}
