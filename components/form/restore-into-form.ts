'use client';

import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import type { RestoreField } from '@/lib/contract/console/restores';
import type { FormValue } from './changed-fields';

/** The value a restore puts back, as the form holds it. */
const restoredValue = (f: RestoreField) => (f.value ?? null) as FormValue;

/**
 * A field whose earlier value is what it holds now (changed back since): there is nothing to put back, so it is not
 * offered (chosen, the save would find nothing to send).
 */
export function holdsEarlier(f: RestoreField): boolean {
  return (
    (f.state === 'holds' || f.state === 'changedSince') &&
    JSON.stringify(f.value ?? null) === JSON.stringify(f.now ?? null)
  );
}

/**
 * The restore panel's choice is the form's content (issue 62 point 5): a chosen field holds its earlier value in the
 * form at once, an unchosen one goes back to what the form opened with (unless the person typed over it since), so
 * "Review and save" reviews exactly the choice, with no separate step to copy it into the form. Returns how many
 * chosen values are in the form; `onInForm` is told whether any is (the save then names the entry it restores).
 */
export function useRestoreIntoForm(
  fields: readonly RestoreField[],
  chosen: ReadonlySet<string>,
  goesIntoForm: (f: RestoreField) => boolean,
  onInForm: (any: boolean) => void,
): number {
  const form = useFormContext();
  // What each field held before the panel put an earlier value in it: an unchosen field goes back to it.
  const opened = useRef(new Map<string, FormValue>());
  const picked = fields.filter((f) => chosen.has(f.field) && goesIntoForm(f));
  const key = picked.map((f) => f.field).join('\n');
  const tell = useRef(onInForm);
  useEffect(() => {
    tell.current = onInForm;
  });

  useEffect(() => {
    for (const f of fields) {
      if (!goesIntoForm(f)) continue;
      const current = form.getValues(f.field) as FormValue;
      if (!opened.current.has(f.field)) opened.current.set(f.field, current);
      // Text boxes hold '' for "not set" (formValuesFrom); other controls hold null.
      const earlier = restoredValue(f);
      const into = earlier === null && typeof current === 'string' ? '' : earlier;
      const before = opened.current.get(f.field) ?? null;
      if (chosen.has(f.field)) {
        if (current !== into) form.setValue(f.field, into, { shouldDirty: true, shouldValidate: true });
      } else if (current === into && before !== into) {
        // Put there by the panel and unchosen now: back to what the form opened with.
        form.setValue(f.field, before, { shouldDirty: true, shouldValidate: true });
      }
    }
    tell.current(key !== '');
    // The choice (key) is what moves the values; the fields are the one review read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fields]);

  return picked.length;
}
