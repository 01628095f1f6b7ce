import { z } from 'zod';

/**
 * Building blocks for the write schemas. Every zod message is an error code from ./errors, so the service
 * answers it as is and the console maps it to a sentence and a field.
 */

/** Limits count characters (Unicode code points), as people and Postgres varchar do, not UTF-16 units. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export const INVALID = 'invalid_parameter';

/** A `long`: an integer JSON number within the safe range. */
export const longId = z.number({ error: INVALID }).int({ error: INVALID }).min(Number.MIN_SAFE_INTEGER, { error: INVALID }).max(Number.MAX_SAFE_INTEGER, { error: INVALID });

export function limitedText(max: number, code: string) {
  return z.string({ error: INVALID }).refine((s) => charLength(s) <= max, { error: code });
}

export const MONEY_MAX = 9_999_999.99;

/** SKU and bundle price or sellPrice: 0 to 9,999,999.99, else invalid_price. */
export const money = z.number({ error: INVALID }).refine((v) => v >= 0 && v <= MONEY_MAX, { error: 'invalid_price' });

export const quantityPrecision = z
  .number({ error: INVALID })
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= 4, { error: 'invalid_quantity_precision' });

/** Round half away from zero to 4 decimals, the precision every quantity and amount is stored at. */
export function round4(value: number): number {
  const r = Math.round(Math.abs(value) * 10_000 + Number.EPSILON * 10_000) / 10_000;
  return value < 0 ? -r : r;
}

/** ISO-8601 date-time that names its zone (Z or ±hh:mm); updatedSince without one is invalid_updated_since. */
export const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function isIsoWithZone(value: string): boolean {
  return ISO_WITH_ZONE.test(value) && !Number.isNaN(Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')));
}

export const updatedSince = z.string().refine(isIsoWithZone, { error: 'invalid_updated_since' });

export const STATUS = {
  company: ['Active', 'Inactive'],
  product: ['Active', 'InactiveVisible', 'Inactive'],
  sku: ['Active', 'Inactive'],
  bundle: ['Active', 'InactiveVisible', 'Inactive'],
  internalUser: ['Active', 'Inactive'],
} as const;
