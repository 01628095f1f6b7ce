'use server';

import { revalidatePath } from 'next/cache';
import { preferenceActions } from '@/lib/contract/console/preferences';
import { isLocale } from '@/lib/i18n/locale';
import { runAction } from '@/lib/server/console-api';
import { rememberLocaleInBrowser } from '@/lib/server/preferences/request';
import { savePreferences } from '@/lib/server/preferences';

/**
 * Sets the language (a form's `locale` field): saved with the account when signed in (so it follows the
 * person to any browser), and in this browser's cookie (so the sign-in page speaks it too). Every page is
 * then rendered again in it. A form action, so the switch works before the page has hydrated.
 */
export async function chooseLocale(form: FormData): Promise<void> {
  const locale = form.get('locale');
  if (!isLocale(locale)) throw new Error('Unknown language.');
  const result = await runAction(preferenceActions.locale, { locale }, async ({ user, consoleDb }) => {
    await rememberLocaleInBrowser(locale);
    if (user) await savePreferences(await consoleDb(), user.id, { locale });
    revalidatePath('/', 'layout');
  });
  if (result) throw new Error(`Language not changed: ${result.error}.`);
}

/** Saves the table density with the signed-in account. */
export async function chooseDensity(density: string): Promise<void> {
  const result = await runAction(preferenceActions.density, { density }, async ({ user, input, consoleDb }) => {
    await savePreferences(await consoleDb(), user.id, { density: input.density });
  });
  if (result) throw new Error(`Density not saved: ${result.error}.`);
}

/** Saves whether list filters are folded to chips, with the signed-in account. */
export async function chooseFiltersFolded(folded: boolean): Promise<void> {
  const result = await runAction(preferenceActions.filtersFolded, { folded }, async ({ user, input, consoleDb }) => {
    await savePreferences(await consoleDb(), user.id, { filtersFolded: input.folded });
  });
  if (result) throw new Error(`Filters state not saved: ${result.error}.`);
}
