import 'server-only';
import type { ListName, ReadName } from '@/lib/contract';
import type { RecordType } from '@/lib/contract/history';

/**
 * What the mirror copies, one entry per list of /v1 (migration 0320 has the tables). Credit and point quota
 * have their table (mirror_quota) but no pass yet: /v1 reads them one company at a time.
 */
export interface MirrorEntity {
  /** The /v1 list it is read from (lib/contract LISTS). */
  list: ListName;
  table: string;
  /** Whose History an outside change belongs to; null: a kind of record with no History (categories). */
  recordType: RecordType | null;
  /** The list takes `updatedSince`: incremental passes; without it, every pass reads it whole (small lists). */
  incremental: boolean;
  /** A read by id, to confirm a record the sweep no longer finds is gone. */
  read: ReadName | null;
  /**
   * Fields kept current but never recorded as a change: a bundle's availableQty follows its components'
   * stock and orders, so it moves all day without anybody editing the bundle.
   */
  untracked: readonly string[];
}

export const MIRROR_ENTITIES = {
  productCategories: { list: 'productCategories', table: 'mirror_product_category', recordType: null, incremental: false, read: null, untracked: [] },
  internalUsers: { list: 'internalUsers', table: 'mirror_internal_user', recordType: 'users', incremental: true, read: null, untracked: [] },
  companies: { list: 'companies', table: 'mirror_company', recordType: 'companies', incremental: true, read: 'company', untracked: [] },
  products: { list: 'products', table: 'mirror_product', recordType: 'products', incremental: true, read: 'product', untracked: [] },
  skus: { list: 'skus', table: 'mirror_sku', recordType: 'skus', incremental: true, read: 'sku', untracked: [] },
  bundles: { list: 'bundles', table: 'mirror_bundle', recordType: 'bundles', incremental: true, read: 'bundle', untracked: ['availableQty'] },
} as const satisfies Record<string, MirrorEntity>;

export type MirrorEntityName = keyof typeof MIRROR_ENTITIES;
export const MIRROR_ENTITY_NAMES = Object.keys(MIRROR_ENTITIES) as MirrorEntityName[];

/**
 * Subtracted from the service's clock when a pass sets the next `updatedSince`: a write whose transaction
 * began before the pass's first page but committed after it carries an earlier modification time; its Date
 * header is also whole seconds. Repeats are harmless (upserts by id, unchanged hashes record nothing).
 */
export const LOOKBACK_MS = 5_000;

/** A pass during which rows moved is walked again at most this often before it gives up until the next interval. */
export const MAX_WALKS = 3;
