import 'server-only';
import { z } from 'zod';
import { LISTS, READS } from '@/lib/contract';
import { MIRROR_ENTITIES, type MirrorEntityName } from './entities';

/**
 * The one shape a mirrored record has, whichever path stored it (a pass's page, a sweep, a write-through's
 * read-back, a record page's live read): the contract's response schema for the entity. zod objects drop the
 * keys they do not name, at every level the schema names (a bundle's components too), so fields a real ERP adds
 * (`_links`, `tenantId`, `createdAt`, `tags`) never reach the mirror, its diffs, History or the lists.
 */
type MirrorRecord = { id: number } & Record<string, unknown>;

const quotaRecord = z.object({ id: z.number(), credit: READS.creditQuota.schema, point: READS.pointQuota.schema });

const SCHEMAS: Record<MirrorEntityName, z.ZodType> = {
  productCategories: LISTS[MIRROR_ENTITIES.productCategories.list].item,
  internalUsers: LISTS[MIRROR_ENTITIES.internalUsers.list].item,
  companies: LISTS[MIRROR_ENTITIES.companies.list].item,
  products: LISTS[MIRROR_ENTITIES.products.list].item,
  skus: LISTS[MIRROR_ENTITIES.skus.list].item,
  bundles: LISTS[MIRROR_ENTITIES.bundles.list].item,
  // A company's two quota reads under its id (quota-fields.ts).
  quotas: quotaRecord,
};

/** The record with only the contract's fields; null when it does not have the contract's shape. */
export function contractRecord(entity: MirrorEntityName, value: unknown): MirrorRecord | null {
  const parsed = SCHEMAS[entity].safeParse(value);
  if (!parsed.success) return null;
  const record = parsed.data as MirrorRecord;
  return Number.isSafeInteger(record.id) ? record : null;
}

/** As contractRecord, for records that must have the shape (they were read through the same schema). */
export function requireContractRecord(entity: MirrorEntityName, value: unknown): MirrorRecord {
  const record = contractRecord(entity, value);
  if (!record) throw new Error(`a ${entity} record without the contract's shape cannot be mirrored`);
  return record;
}
