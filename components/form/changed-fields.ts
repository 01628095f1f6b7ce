/**
 * Updates are partial merges, so a form sends only what the person changed. Text fields treat null and ''
 * alike (the API returns null for "never set", the form shows an empty box); numbers compare by value.
 */
export type FormValue = string | number | boolean | null | undefined;

export interface FieldChange {
  field: string;
  from: FormValue;
  to: FormValue;
}

export function normalise(value: FormValue): FormValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  return value;
}

/** Equal as a form sees it: null, undefined and '' alike. */
export function sameFormValue(a: FormValue, b: FormValue): boolean {
  return Object.is(normalise(a), normalise(b));
}

export function changedFields<T extends Record<string, FormValue>>(
  original: Partial<Record<keyof T, FormValue>>,
  values: T,
  fields: readonly (keyof T & string)[],
): { changes: Partial<T>; list: FieldChange[] } {
  const changes: Partial<T> = {};
  const list: FieldChange[] = [];
  for (const field of fields) {
    const from = normalise(original[field]);
    const to = normalise(values[field]);
    if (Object.is(from, to)) continue;
    // An emptied text box is sent as '' (clears the value); a cleared number is not sent as null, which
    // the API would read as "keep".
    const value = values[field];
    if (value === null || value === undefined) {
      if (typeof original[field] === 'string') changes[field] = '' as T[typeof field];
      else continue;
    } else {
      changes[field] = value;
    }
    list.push({ field, from: original[field] ?? null, to: values[field] ?? null });
  }
  return { changes, list };
}

/** Turns API nulls into '' for text boxes, so a form opens with what the record holds. */
export function formValuesFrom<T extends Record<string, unknown>>(record: T, textFields: readonly (keyof T)[]): T {
  const values = { ...record };
  for (const f of textFields) if (values[f] === null || values[f] === undefined) values[f] = '' as T[typeof f];
  return values;
}
