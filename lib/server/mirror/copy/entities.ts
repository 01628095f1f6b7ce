import 'server-only';
import type { ListName, ReadName } from '@/lib/contract';
import type { RecordType } from '@/lib/contract/history';
import { QUOTA_ECHO, QUOTA_UNTRACKED, quotaFields } from './quota-fields';

/**
 * What the mirror copies, one entry per list of /v1 (migration 0320 has the tables), and credit and point quota,
 * which /v1 reads one company at a time (../passes/quota-pass.ts walks the company copy instead of a list).
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
  /** The fields a change is found in, when they are not the record's own (a quota record holds two reads). */
  fields?: (record: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Console writes that can be echoed by this entity's records, and how the fields they record are named here;
   * absent: every console write to the record type except other entities' echo operations.
   */
  echoOf?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const MIRROR_ENTITIES = {
  productCategories: {
    list: 'productCategories',
    table: 'mirror_product_category',
    recordType: null,
    incremental: false,
    read: null,
    untracked: [],
  },
  internalUsers: {
    list: 'internalUsers',
    table: 'mirror_internal_user',
    recordType: 'users',
    incremental: true,
    read: null,
    untracked: [],
  },
  companies: {
    list: 'companies',
    table: 'mirror_company',
    recordType: 'companies',
    incremental: true,
    read: 'company',
    untracked: [],
  },
  products: {
    list: 'products',
    table: 'mirror_product',
    recordType: 'products',
    incremental: true,
    read: 'product',
    untracked: [],
  },
  skus: { list: 'skus', table: 'mirror_sku', recordType: 'skus', incremental: true, read: 'sku', untracked: [] },
  bundles: {
    list: 'bundles',
    table: 'mirror_bundle',
    recordType: 'bundles',
    incremental: true,
    read: 'bundle',
    untracked: ['availableQty'],
  },
  // Filed under the company's History, as the console's quota edits are; `list` is where its ids come from.
  quotas: {
    list: 'companies',
    table: 'mirror_quota',
    recordType: 'companies',
    incremental: false,
    read: null,
    untracked: QUOTA_UNTRACKED,
    fields: quotaFields,
    echoOf: QUOTA_ECHO,
  },
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
