import 'server-only';
import { sql } from 'kysely';
import type { FamilyName } from '@/lib/imports/families';
import type { SavedMapping } from '@/lib/imports/mapping';
import { json, type Db } from './types';

// Saved column mappings: per user and family, merged with what was saved before.

export async function getSavedMapping(db: Db, userId: string, family: FamilyName): Promise<SavedMapping> {
  const { rows } = await sql<{ mapping: SavedMapping }>`
    select mapping from import_mapping where user_id = ${userId} and family = ${family}`.execute(db);
  return rows[0]?.mapping ?? {};
}

export async function saveMapping(db: Db, userId: string, family: FamilyName, mapping: SavedMapping): Promise<void> {
  await sql`
    insert into import_mapping (user_id, family, mapping) values (${userId}, ${family}, ${json(mapping)}::jsonb)
    on conflict (user_id, family) do update set mapping = import_mapping.mapping || excluded.mapping, updated_at = now()`.execute(
    db,
  );
}
