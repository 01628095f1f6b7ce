import { expect, type Locator } from '@playwright/test';

/**
 * Resolves once React has hydrated the element. Text typed into the server's HTML before then is not seen by the
 * form (hydration sets the box back to its value), so a test that types at once can lose the race; a person on a
 * quick connection never notices. React marks the nodes it owns with `__reactProps$…`.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}
