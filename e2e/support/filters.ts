import type { Locator } from '@playwright/test';
import { expect } from '../fixtures/test';

/**
 * Every box of a list's filters, the date too, on one line: a second line would push the table down. Five at
 * least, since the overlapping name and product-id boxes merged into the search (issue 54).
 */
export async function expectFilterBoxesOnOneLine(filters: Locator) {
  const boxTops = await filters
    .locator(':scope > div')
    .first()
    .locator(':scope > *')
    .evaluateAll((boxes) => boxes.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(boxTops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(boxTops).size, `filter boxes' tops: ${boxTops.join(', ')}`).toBe(1);
}
