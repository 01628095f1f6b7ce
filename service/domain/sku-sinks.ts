import type { SkuRow } from '../http/lookups';
import type { Queryable } from '../store/db';

/** The writable SKU columns; null in a patch keeps the current value (partial merge). */
export const SKU_COLUMNS = [
  'product_id',
  'outer_sys_code',
  'name',
  'barcode',
  'warehouse',
  'unit',
  'spec',
  'price',
  'sell_price',
  'quantity_precision',
] as const;
export type SkuColumns = Pick<SkuRow, (typeof SKU_COLUMNS)[number]>;
export type SkuPatch = { [K in keyof SkuColumns]: SkuColumns[K] | null };
const SKU_COLUMN_TYPES = [
  'int8',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'numeric',
  'numeric',
  'int4',
] as const;

/** Where a SKU write goes: straight to SQL (single writes), or collected and flushed once (batches). */
export interface SkuSink {
  insert(row: SkuColumns): Promise<number>;
  update(id: number, patch: SkuPatch): Promise<void>;
}

export function directSkuSink(tx: Queryable, tenantId: number, at: Date): SkuSink {
  return {
    async insert(row) {
      const [created] = await tx.query<{ id: number }>(
        `insert into skus (tenant_id, ${SKU_COLUMNS.join(', ')}, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Active', false, 0, 0, false, $12) returning id`,
        [tenantId, ...SKU_COLUMNS.map((k) => row[k]), at],
      );
      return created!.id;
    },
    async update(id, patch) {
      await tx.query(
        `update skus set ${SKU_COLUMNS.map((k, i) => `${k} = coalesce($${i + 3}, ${k})`).join(', ')}, updated_at = $13
         where tenant_id = $1 and id = $2`,
        [tenantId, id, ...SKU_COLUMNS.map((k) => patch[k]), at],
      );
    },
  };
}

/**
 * Collects a batch's SKU writes and applies them in two statements: one multi-row insert (ids reserved
 * from the sequence up front, so items learn their ids at once) and one multi-row update. Several items
 * touching one SKU fold into one row in item order, which is what running them one by one would leave.
 */
export class BulkSkuSink implements SkuSink {
  private readonly inserts = new Map<number, SkuColumns>();
  private readonly patches = new Map<number, SkuPatch>();
  private next = 0;

  constructor(
    private readonly tx: Queryable,
    private readonly tenantId: number,
    private readonly at: Date,
    private readonly ids: number[],
  ) {}

  async insert(row: SkuColumns): Promise<number> {
    const id = this.ids[this.next++];
    if (id === undefined) throw new Error('no reserved SKU id left');
    this.inserts.set(id, { ...row });
    return id;
  }

  async update(id: number, patch: SkuPatch): Promise<void> {
    const pending = this.inserts.get(id);
    if (pending) {
      // A row inserted in this batch takes the patch's filled columns, as the update statement's coalesce would.
      const filled = Object.fromEntries(SKU_COLUMNS.filter((k) => patch[k] != null).map((k) => [k, patch[k]]));
      this.inserts.set(id, { ...pending, ...(filled as Partial<SkuColumns>) });
      return;
    }
    const merged = { ...(this.patches.get(id) ?? patch) };
    for (const k of SKU_COLUMNS) if (patch[k] != null) (merged as Record<string, unknown>)[k] = patch[k];
    this.patches.set(id, merged);
  }

  async flush(): Promise<void> {
    const column = <T>(rows: T[], k: (typeof SKU_COLUMNS)[number]) =>
      rows.map((r) => (r as Record<string, unknown>)[k] ?? null);
    const unnest = (offset: number) => SKU_COLUMN_TYPES.map((t, i) => `$${offset + i}::${t}[]`).join(', ');
    if (this.inserts.size) {
      const ids = [...this.inserts.keys()];
      const rows = [...this.inserts.values()];
      await this.tx.query(
        `insert into skus (id, tenant_id, ${SKU_COLUMNS.join(', ')}, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock, updated_at)
         select v.id, $1, ${SKU_COLUMNS.map((k) => `v.${k}`).join(', ')}, 'Active', false, 0, 0, false, $2
         from unnest($3::int8[], ${unnest(4)}) as v(id, ${SKU_COLUMNS.join(', ')})`,
        [this.tenantId, this.at, ids, ...SKU_COLUMNS.map((k) => column(rows, k))],
      );
    }
    if (this.patches.size) {
      const ids = [...this.patches.keys()];
      const rows = [...this.patches.values()];
      await this.tx.query(
        `update skus s set ${SKU_COLUMNS.map((k) => `${k} = coalesce(v.${k}, s.${k})`).join(', ')}, updated_at = $2
         from unnest($3::int8[], ${unnest(4)}) as v(id, ${SKU_COLUMNS.join(', ')})
         where s.tenant_id = $1 and s.id = v.id`,
        [this.tenantId, this.at, ids, ...SKU_COLUMNS.map((k) => column(rows, k))],
      );
    }
  }
}
