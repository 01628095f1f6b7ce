import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/locale';
import { DENSITIES } from '../preferences';
import { action } from './action';
import { none } from './endpoint';

/**
 * One's own display settings: server actions. Not recorded in the audit log: a person's own language or
 * table density is not a change to shared data.
 */
export const preferenceActions = {
  /** The language: with the account when signed in, and in this browser's cookie (the sign-in page reads it). */
  locale: action({ name: 'preferences.locale', permission: null, input: z.object({ locale: z.enum(LOCALES) }), answer: none(), audit: 'none' }),
  density: action({ name: 'preferences.density', permission: 'useConsole', input: z.object({ density: z.enum(DENSITIES) }), answer: none(), audit: 'none' }),
};
