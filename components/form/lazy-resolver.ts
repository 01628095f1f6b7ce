import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A form's schema: a lib/contract write schema (possibly with create-only rules); its messages are error codes. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The schema, or a function that imports it (`() => import('@/lib/contract/companies').then((m) => m.companyWrite)`):
 * then zod and the resolver load when the person first focuses a box, not with the page.
 */
export type FormSchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/** The root error of a check whose code could not load. */
export const CHECK_UNAVAILABLE = 'check-unavailable';

/** Checks with the zod resolver, both loaded on first use (a checked box waits for them; nothing else does). */
export function lazyResolver(source: FormSchemaSource<FormSchema>): {
  resolver: Resolver<FieldValues>;
  load: () => void;
} {
  const ready = () =>
    Promise.all([import('@hookform/resolvers/zod'), typeof source === 'function' ? source() : source]).then(
      ([{ zodResolver }, schema]) => zodResolver<FieldValues, unknown, FieldValues>(schema),
    );
  return {
    resolver: async (values, context, options) => {
      let check: Resolver<FieldValues>;
      try {
        check = await ready();
      } catch (error) {
        // Its code could not load (the connection went first): not valid yet, and no rejection left unhandled in
        // the form's change handlers. A submit says why (entity-form.tsx).
        return {
          values: {},
          errors: {
            root: { type: CHECK_UNAVAILABLE, message: error instanceof Error ? error.message : String(error) },
          },
        };
      }
      return check(values, context, options);
    },
    load: () => void ready().catch(() => undefined),
  };
}
