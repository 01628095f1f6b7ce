import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { ConsolePermission } from '../roles';
import type { Answer, AuditRule } from './endpoint';

/**
 * A server action of the console (a form's or a dialog's), described as an endpoint is: who may call it
 * (`can()`), the schema of its input, the type of its answer, the codes it refuses with. The action wrapper
 * (lib/server/console-api/action.ts) checks it; the form reads the same entry's types.
 * `permission: null` is an action anyone may take, signed in or not (the language on the sign-in page).
 */
export interface ConsoleAction<I extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  permission: ConsolePermission | null;
  input: I;
  answer: Answer<R>;
  errors: readonly ErrorCode[];
  audit: AuditRule;
}

/** An action's refusal, as it answers it: a catalogue code the form words from the message catalogue. */
export type ActionRefusal = { error: ErrorCode };

export function action<I extends z.ZodType, R>(entry: {
  name: string;
  permission: ConsolePermission | null;
  input: I;
  answer: Answer<R>;
  errors?: readonly ErrorCode[];
  audit: AuditRule;
}): ConsoleAction<I, R> {
  return { ...entry, errors: entry.errors ?? [] };
}
