import { z } from 'zod';

function decimals(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

/** The stock batch's own rules, checked before sending: present, not negative, no more decimals than the SKU allows. */
export function stockFormSchema(quantityPrecision: number) {
  return z.object({
    inventoryQty: z
      .number({ error: 'inventory_qty_required' })
      .refine((v) => v >= 0 && decimals(v) <= quantityPrecision, { error: 'invalid_inventory_qty' }),
  });
}
