// An upstream SKU record as the mirror stores it, for tests that put SKUs in the mirror and read findings back.

/** An active SKU `id` of product 1, priced 200 and sold at 150, with `fields` over those defaults. */
export function skuRecord(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> & { id: number } {
  return {
    id,
    productId: 1,
    outerSysCode: `S${id}`,
    name: `SKU ${id}`,
    barcode: null,
    warehouse: null,
    unit: null,
    spec: null,
    price: 200,
    sellPrice: 150,
    quantityPrecision: 0,
    status: 'Active',
    inventoryQty: 10,
    ...fields,
  };
}
