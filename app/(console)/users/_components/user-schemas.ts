import { z } from 'zod';
import { errorField } from '@/lib/contract/errors';
import { internalUserCreateErrors, internalUserCreateShape, internalUserUpdate } from '@/lib/contract/internal-users';

/** The contract's create check (its codes, in its order), each code under the field it is about. */
export const userCreateSchema = internalUserCreateShape.superRefine((input, ctx) => {
  const seen = new Set<string>();
  for (const code of internalUserCreateErrors(input)) {
    const field = errorField(code) ?? 'account';
    if (seen.has(field)) continue;
    seen.add(field);
    ctx.addIssue({ code: 'custom', message: code, path: [field] });
  }
});

/** An empty password box means "keep the current password": it is neither checked nor sent. */
export const userEditSchema = internalUserUpdate.extend({
  password: z.preprocess((value) => (value === '' ? null : value), internalUserUpdate.shape.password),
});
