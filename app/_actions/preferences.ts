'use server';

import { revalidatePath } from 'next/cache';
import { isDensity } from '@/lib/contract/preferences';
import { isLocale } from '@/lib/i18n/locale';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { rememberLocaleInBrowser } from '@/lib/server/locale';
import { savePreferences } from '@/lib/server/preferences';

/**
 * Sets the language (a form's `locale` field): saved with the account when signed in (so it follows the
 * person to any browser), and in this browser's cookie (so the sign-in page speaks it too). Every page is
 * then rendered again in it. A form action, so the switch works before the page has hydrated.
 */
export async function chooseLocale(form: FormData): Promise<void> {
  const locale = form.get('locale');
  if (!isLocale(locale)) throw new Error('Unknown language.');
  await rememberLocaleInBrowser(locale);
  const user = await getCurrentUser();
  if (user) await savePreferences(await getConsoleDb(), user.id, { locale });
  revalidatePath('/', 'layout');
}

/** Saves the table density with the signed-in account. */
export async function chooseDensity(density: string): Promise<void> {
  if (!isDensity(density)) throw new Error('Unknown density.');
  const user = await getCurrentUser();
  if (!user) throw new Error('Not signed in.');
  await savePreferences(await getConsoleDb(), user.id, { density });
}

/** Saves whether list filters are folded to chips, with the signed-in account. */
export async function chooseFiltersFolded(folded: boolean): Promise<void> {
  if (typeof folded !== 'boolean') throw new Error('Unknown filters state.');
  const user = await getCurrentUser();
  if (!user) throw new Error('Not signed in.');
  await savePreferences(await getConsoleDb(), user.id, { filtersFolded: folded });
}
