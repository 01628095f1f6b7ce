import 'server-only';
import type { Kysely } from 'kysely';
import { cache } from 'react';
import { isDensity, type Density } from '@/lib/contract/preferences';
import { isLocale, type Locale } from '@/lib/i18n/locale';
import { getConsoleDb } from '../process';
import type { ConsoleDatabase } from '../db';

/** What the account chose; null where it has not chosen (the browser's language, the default density). */
export type Preferences = { locale: Locale | null; density: Density | null };

export async function readPreferences(db: Kysely<ConsoleDatabase>, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('user_preference')
    .select(['locale', 'density'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { locale: isLocale(row?.locale) ? row.locale : null, density: isDensity(row?.density) ? row.density : null };
}

/** How the account's lists look: filters folded to one line of chips (null: not chosen, the width decides). */
export type ListPreferences = { filtersFolded: boolean | null };

export async function readListPreferences(db: Kysely<ConsoleDatabase>, userId: string): Promise<ListPreferences> {
  const row = await db
    .selectFrom('user_preference')
    .select(['filters_folded'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { filtersFolded: typeof row?.filters_folded === 'boolean' ? row.filters_folded : null };
}

/** Saves the given choices and keeps the others. */
export async function savePreferences(
  db: Kysely<ConsoleDatabase>,
  userId: string,
  change: Partial<Preferences & ListPreferences>,
): Promise<void> {
  const values = {
    ...(change.locale !== undefined && { locale: change.locale }),
    ...(change.density !== undefined && { density: change.density }),
    ...(change.filtersFolded !== undefined && { filters_folded: change.filtersFolded }),
  };
  if (Object.keys(values).length === 0) return;
  await db
    .insertInto('user_preference')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** The signed-in account's choices for this request (one read shared by the i18n config and the layout). */
export const requestPreferences = cache(async (userId: string): Promise<Preferences> =>
  readPreferences(await getConsoleDb(), userId),
);

export const requestListPreferences = cache(async (userId: string): Promise<ListPreferences> =>
  readListPreferences(await getConsoleDb(), userId),
);
