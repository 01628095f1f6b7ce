// An upstream product record as the mirror stores it, for tests that put products in the mirror.

/** An active product `id` named `name` (null: shown by its code `P<id>`), in no category. */
export function productRecord(id: number, name: string | null): Record<string, unknown> & { id: number } {
  return { id, outerSysCode: `P${id}`, name, productCategoryId: null, status: 'Active' };
}
