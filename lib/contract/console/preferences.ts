import { z } from 'zod';
import { DENSITIES } from '../preferences';
import { action } from './action';
import { none } from './endpoint';

/**
 * One's own display settings: server actions. Not recorded in the audit log: a person's own language or
 * table density is not a change to shared data.
 */
export const preferenceActions = {
  /** The language (one of lib/i18n's, checked by the action): with the account when signed in, and in this browser's cookie (the sign-in page reads it). */
  locale: action({
    name: 'preferences.locale',
    permission: null,
    input: z.object({ locale: z.string().max(10) }),
    answer: none(),
    audit: 'none',
  }),
  filtersFolded: action({
    name: 'preferences.filtersFolded',
    permission: 'useConsole',
    input: z.object({ folded: z.boolean() }),
    answer: none(),
    audit: 'none',
  }),
  density: action({
    name: 'preferences.density',
    permission: 'useConsole',
    input: z.object({ density: z.enum(DENSITIES) }),
    answer: none(),
    audit: 'none',
  }),
};
