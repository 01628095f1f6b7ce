import { z } from 'zod';
import type { ErrorCode } from './errors';
import { isIsoWithZone } from './lists';
import { boundId, isStorableText, STORABLE_TEXT } from './request-values';

/**
 * Building blocks for the write schemas. Every zod message is an error code from ./errors, so the service
 * answers it as is and the console maps it to a sentence and a field.
 */

import { charLength } from './char-length';
export { charLength };
import { fitsNumeric, isFiniteNumber, NUMERIC_20_4_BOUND, round4 } from './numeric';
export { fitsNumeric, isFiniteNumber, NUMERIC_20_4_BOUND, round4 };

export const INVALID = 'invalid_parameter';

/**
 * A field schema's whole rule as one plain function, for code that checks many values at once (the CSV
 * import checks 100,000 rows). Registered where the schema is built, with the function its refinement
 * calls, so the two cannot disagree; lib/imports/accept.ts uses it to pass rows that are certainly valid and
 * asks the schema itself about every other row (for its issues).
 */
export const fieldRules = new WeakMap<z.ZodType, (value: unknown) => boolean>();

export function withRule<S extends z.ZodType>(schema: S, rule: (value: unknown) => boolean): S {
  fieldRules.set(schema, rule);
  return schema;
}

/**
 * The same for an object schema's own refinement (refine/superRefine on the object): the function the
 * refinement calls, as "no issue", for an object whose fields already passed their rules.
 */
export const refinementRules = new WeakMap<z.ZodType, (value: Record<string, unknown>) => boolean>();

export function withRefinementRule<S extends z.ZodType>(
  schema: S,
  rule: (value: Record<string, unknown>) => boolean,
): S {
  refinementRules.set(schema, rule);
  return schema;
}

/**
 * A `long`: an integer JSON number. One beyond the safe range (2^63 − 1 arrives as a double) is no id any
 * record has: it binds as NO_SUCH_ID, so the reference fails with its resource's own code, never
 * invalid_parameter and never a database fault.
 */
export const longId = withRule(
  z
    .number({ error: INVALID })
    .refine(Number.isInteger, { error: INVALID })
    .meta({ type: 'integer', format: 'int64' })
    .transform(boundId),
  (v) => typeof v === 'number' && Number.isInteger(v),
);

/** A text field: any JSON string the database can store (no U+0000), else invalid_parameter. */
export function text() {
  return withRule(
    z.string({ error: INVALID }).regex(STORABLE_TEXT, { error: INVALID }),
    (v) => typeof v === 'string' && isStorableText(v),
  );
}

export function limitedText(max: number, code: ErrorCode) {
  // A string has at least as many UTF-16 units as code points: within max units, it is within the limit.
  const fits = (s: string) => s.length <= max || charLength(s) <= max;
  return withRule(
    text()
      .refine(fits, { error: code })
      // JSON Schema counts maxLength in code points, as `fits` does.
      .meta({ maxLength: max }),
    (v) => typeof v === 'string' && fits(v) && isStorableText(v),
  );
}

import { isQuantityPrecision, MONEY_MAX } from './values';
export { MONEY_MAX };

const isMoney = (v: number) => v >= 0 && v <= MONEY_MAX;
/** SKU and bundle price or sellPrice: 0 to 9,999,999.99, else invalid_price. */
export const money = withRule(
  z.number({ error: INVALID }).refine(isMoney, { error: 'invalid_price' }),
  (v) => isFiniteNumber(v) && isMoney(v),
);

export const quantityPrecision = withRule(
  z.number({ error: INVALID }).refine(isQuantityPrecision, { error: 'invalid_quantity_precision' }),
  (v) => isFiniteNumber(v) && isQuantityPrecision(v),
);

export { ISO_WITH_ZONE, isIsoWithZone, updatedSinceValue } from './lists';

export const updatedSince = z.string().refine(isIsoWithZone, { error: 'invalid_updated_since' });

const TOO_LONG = {
  outerSysCode: 'outer_sys_code_too_long',
  name: 'name_too_long',
  shortName: 'short_name_too_long',
  cellPhone: 'cell_phone_too_long',
  shippingAddress: 'shipping_address_too_long',
  barcode: 'barcode_too_long',
  warehouse: 'warehouse_too_long',
  unit: 'unit_too_long',
  spec: 'spec_too_long',
  email: 'email_too_long',
  account: 'account_too_long',
} as const satisfies Record<string, ErrorCode>;

/** Optional text fields with their resource's limits, each refused with its own *_too_long code. */
export function texts<R extends Record<string, number>, K extends keyof R & keyof typeof TOO_LONG>(
  limits: R,
  keys: K[],
) {
  return Object.fromEntries(keys.map((k) => [k, limitedText(limits[k] as number, TOO_LONG[k]).nullish()])) as {
    [F in K]: z.ZodOptional<z.ZodNullable<ReturnType<typeof limitedText>>>;
  };
}

/** Answered text fields the service may send as null, in the order given (a record's key order). */
export function nullableStrings<K extends string>(...keys: K[]) {
  return Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as { [F in K]: z.ZodNullable<z.ZodString> };
}

/**
 * Fields a create needs that an update may leave out (null keeps the current value), with the code the
 * service answers when one is missing. The service checks these where the record has no target; the
 * console's create forms add them with `requiredOnCreate`.
 */
export type CreateRequirements = Record<string, { code: ErrorCode; missing: (value: unknown) => boolean }>;

export function missingOnCreate(requirements: CreateRequirements, input: Record<string, unknown>): string[] {
  return Object.entries(requirements)
    .filter(([field, rule]) => rule.missing(input[field]))
    .map(([, rule]) => rule.code);
}

export function requiredOnCreate<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  requirements: CreateRequirements,
) {
  const refined = schema.superRefine((value, ctx) => {
    for (const [field, rule] of Object.entries(requirements)) {
      if (rule.missing(value[field])) ctx.addIssue({ code: 'custom', path: [field], message: rule.code });
    }
  });
  return withRefinementRule(refined, (value) => missingOnCreate(requirements, value).length === 0);
}

export const blank = (value: unknown) => value == null || value === '';
