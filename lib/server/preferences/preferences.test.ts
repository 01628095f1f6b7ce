import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { withConsoleDb } from '../testing/console-parts';
import type { ConsoleDatabase } from '../db/types';
import { readListPreferences, readPreferences, savePreferences } from './preferences';

let db: Kysely<ConsoleDatabase>;
withConsoleDb((opened) => (db = opened));

/** A console account with the viewer role, as preferences need one to belong to. */
async function insertViewer(id: string) {
  const now = new Date();
  await db
    .insertInto('user')
    .values({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: 'viewer',
      banned: false,
      banReason: null,
      banExpires: null,
    })
    .execute();
}

beforeAll(async () => {
  for (const id of ['u1', 'u2']) await insertViewer(id);
});

describe('account preferences (real PGlite, migration 0080)', () => {
  it('reads nothing chosen for a new account', async () => {
    expect(await readPreferences(db, 'u2')).toEqual({ locale: null, density: null });
  });

  it('saves each choice and keeps the other', async () => {
    await savePreferences(db, 'u1', { locale: 'zh-TW' });
    await savePreferences(db, 'u1', { density: 'compact' });
    expect(await readPreferences(db, 'u1')).toEqual({ locale: 'zh-TW', density: 'compact' });
    await savePreferences(db, 'u1', { locale: 'en' });
    expect(await readPreferences(db, 'u1')).toEqual({ locale: 'en', density: 'compact' });
    expect(await readPreferences(db, 'u2')).toEqual({ locale: null, density: null });
  });

  it('refuses a language the console does not have', async () => {
    await expect(db.insertInto('user_preference').values({ user_id: 'u2', locale: 'fr' }).execute()).rejects.toThrow();
  });

  it('goes with the account', async () => {
    await db.deleteFrom('user').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('user_preference').selectAll().where('user_id', '=', 'u1').execute()).toEqual([]);
  });
});

describe('list preferences (migration 0260)', () => {
  it('keeps filters folded or open per account, apart from the other choices', async () => {
    await insertViewer('u3');
    expect(await readListPreferences(db, 'u3')).toEqual({ filtersFolded: null });
    await savePreferences(db, 'u3', { density: 'compact' });
    expect(await readListPreferences(db, 'u3')).toEqual({ filtersFolded: null });
    await savePreferences(db, 'u3', { filtersFolded: true });
    expect(await readListPreferences(db, 'u3')).toEqual({ filtersFolded: true });
    expect(await readPreferences(db, 'u3')).toEqual({ locale: null, density: 'compact' });
    await savePreferences(db, 'u3', { filtersFolded: false });
    expect(await readListPreferences(db, 'u3')).toEqual({ filtersFolded: false });
    expect(await readListPreferences(db, 'u2')).toEqual({ filtersFolded: null });
  });
});
