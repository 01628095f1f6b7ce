import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { RuleId } from '@/lib/contract/attention';
import type { ConsoleDatabase } from '../db';
import type { Scope } from './predicates';

type Db = Kysely<ConsoleDatabase>;

/** The mirror's entities (lib/server/mirror/copy/entities.ts), by the names its passes and write-through use. */
export type MirroredEntity =
  'skus' | 'bundles' | 'products' | 'productCategories' | 'companies' | 'internalUsers' | 'quotas';

/** A record whose mirrored copy changed: the version it replaced (null: new to the mirror) and the one stored. */
export interface ChangedRecord {
  id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** Which of a rule's records to evaluate again after these records of an entity changed. */
type Affect = (db: Db, changed: readonly ChangedRecord[]) => Promise<Scope>;

const ids = (changed: readonly ChangedRecord[]) => changed.map((c) => String(c.id));

/**
 * The changed records themselves, those new to the mirror or with another value in one of the fields the rule
 * reads: a pass that moved only stock or prices does not evaluate the barcode rules again.
 */
const same =
  (...fields: string[]): Affect =>
  async (_db, changed) =>
    ids(
      changed.filter(
        (c) => !c.before || fields.some((f) => JSON.stringify(c.before![f]) !== JSON.stringify(c.after[f])),
      ),
    );
const every: Affect = async (_db, changed) => ids(changed);

const column = async (db: Db, query: ReturnType<typeof sql<{ id: string }>>) =>
  (await query.execute(db)).rows.map((r) => r.id);

/** The changed SKUs and every SKU that shares a barcode one of them had or has now (their duplicates may be gone). */
const sharingBarcode: Affect = async (db, all) => {
  const moved = new Set(await same('barcode', 'status', 'outerSysCode')(db, all));
  const changed = all.filter((c) => moved.has(String(c.id)));
  if (changed.length === 0) return [];
  const barcodes = [
    ...new Set(changed.flatMap((c) => [c.before?.barcode, c.after.barcode]).filter((b) => typeof b === 'string')),
  ] as string[];
  if (barcodes.length === 0) return ids(changed);
  const others = await column(
    db,
    sql<{ id: string }>`select id::text as id from mirror_sku where barcode = any(${barcodes}::text[])`,
  );
  return [...new Set([...ids(changed), ...others])];
};

/** Bundles with one of these SKUs as a component, when the SKU is new or its status changed (what the rule reads). */
const bundlesUsing: Affect = async (db, changed) => {
  const moved = changed.filter((c) => !c.before || c.before.status !== c.after.status).map((c) => c.id);
  if (moved.length === 0) return [];
  return column(
    db,
    sql<{ id: string }>`select distinct b.id::text as id from unnest(${moved}::bigint[]) as x(sku_id)
      join mirror_bundle b on b.record->'components' @> jsonb_build_array(jsonb_build_object('componentSkuId', x.sku_id))
        or b.sku_id = x.sku_id`,
  );
};

/** The records of `table` whose `field` holds a changed id: a category's products, a salesperson's companies. */
const holding =
  (table: 'mirror_product' | 'mirror_company', field: 'product_category_id' | 'internal_user_id'): Affect =>
  (db, changed) =>
    column(
      db,
      sql<{
        id: string;
      }>`select id::text as id from ${sql.table(table)} where ${sql.ref(field)} = any(${changed.map((c) => c.id)}::bigint[])`,
    );
const productsIn = holding('mirror_product', 'product_category_id');
const companiesOf = holding('mirror_company', 'internal_user_id');

/** For each entity, the rules that read it and the records of each rule a change of it may affect. */
export const AFFECTS: Record<MirroredEntity, Partial<Record<RuleId, Affect>>> = {
  skus: {
    'sku-barcode-check-digit': same('barcode'),
    'sku-barcode-shared': sharingBarcode,
    'sku-no-sell-price': same('sellPrice', 'status'),
    'sku-sell-above-list': same('sellPrice', 'price', 'status'),
    'sku-text-spacing': same('outerSysCode', 'name'),
    'sku-text-full-width': same('outerSysCode', 'name'),
    'sku-price-jump': same('sellPrice', 'price'),
    'bundle-component-unusable': bundlesUsing,
  },
  bundles: {
    'bundle-component-unusable': same('components', 'status'),
    'bundle-none-available': same('availableQty', 'components', 'status'),
  },
  products: { 'product-category-missing': same('productCategoryId') },
  productCategories: { 'product-category-missing': productsIn },
  companies: { 'company-salesperson': same('internalUserId', 'status') },
  internalUsers: { 'company-salesperson': companiesOf },
  quotas: { 'quota-over-limit': every, 'quota-near-limit': every, 'quota-negative-points': every },
};

/** The rules that read an entity: evaluated in full after its sweep. */
export function rulesReading(entity: MirroredEntity): RuleId[] {
  return Object.keys(AFFECTS[entity]) as RuleId[];
}
