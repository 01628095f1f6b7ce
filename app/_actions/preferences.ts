'use server';

import { revalidatePath } from 'next/cache';
import { preferenceActions } from '@/lib/contract/console/preferences';
import { runAction } from '@/lib/server/console-api/action';
import { getConsoleDb } from '@/lib/server/db';
import { rememberLocaleInBrowser } from '@/lib/server/locale';
import { savePreferences } from '@/lib/server/preferences';

/**
 * Sets the language (a form's `locale` field): saved with the account when signed in (so it follows the
 * person to any browser), and in this browser's cookie (so the sign-in page speaks it too). Every page is
 * then rendered again in it. A form action, so the switch works before the page has hydrated.
 */
export async function chooseLocale(form: FormData): Promise<void> {
  const result = await runAction(preferenceActions.locale, { locale: form.get('locale') }, async ({ user, input }) => {
    await rememberLocaleInBrowser(input.locale);
    if (user) await savePreferences(await getConsoleDb(), user.id, { locale: input.locale });
    revalidatePath('/', 'layout');
  });
  if (result) throw new Error(`Language not changed: ${result.error}.`);
}

/** Saves the table density with the signed-in account. */
export async function chooseDensity(density: string): Promise<void> {
  const result = await runAction(preferenceActions.density, { density }, async ({ user, input }) => {
    await savePreferences(await getConsoleDb(), user.id, { density: input.density });
  });
  if (result) throw new Error(`Density not saved: ${result.error}.`);
}
