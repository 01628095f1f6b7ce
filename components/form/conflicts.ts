import { sameFormValue, type FormValue } from './changed-fields';
import type { ConflictRow } from './conflict-dialog';

type Values = Record<string, FormValue>;

/** The fields the person changed since the form opened. */
export function editedFields(opened: Values, values: Values, fields: readonly string[]): string[] {
  return fields.filter((f) => !sameFormValue(opened[f], values[f]));
}

/** The fields someone else changed since the form opened (the record as re-read just before sending). */
export function changedSince(opened: Values, now: Values, fields: readonly string[]): string[] {
  return fields.filter((f) => !sameFormValue(opened[f], now[f]));
}

/**
 * What the conflict view lists: every field changed since the form opened, and after a save of unknown
 * outcome also every edited field the record does not hold.
 */
export function conflictRows(opened: Values, now: Values, values: Values, fields: readonly string[]): ConflictRow[] {
  const edited = new Set(editedFields(opened, values, fields));
  return fields
    .filter((f) => !sameFormValue(opened[f], now[f]) || (edited.has(f) && !sameFormValue(now[f], values[f])))
    .map((f) => ({ field: f, opened: opened[f] ?? null, now: now[f] ?? null, yours: values[f] ?? null }));
}

/** Whether the record now holds every value the person edited (a save of unknown outcome was applied). */
export function holdsEdits(opened: Values, now: Values, values: Values, fields: readonly string[]): boolean {
  return editedFields(opened, values, fields).every((f) => sameFormValue(now[f], values[f]));
}

/**
 * "Save my values": the current record with the person's edits on top. Fields they did not touch take the
 * current values, so saving never reverts someone else's change to a field this person left alone.
 */
export function keepMine(opened: Values, now: Values, values: Values, fields: readonly string[]): Values {
  const edited = new Set(editedFields(opened, values, fields));
  return Object.fromEntries(fields.map((f) => [f, edited.has(f) ? values[f] : now[f]]));
}
