'use client';

import { createContext, useContext } from 'react';

/**
 * What a Field tells the control inside it: its id (so the visible label points at it), whether it is
 * invalid, and which texts describe it. Controls read it so a form cannot forget the wiring.
 */
export type FieldControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
};

export const FieldContext = createContext<FieldControlProps | null>(null);

export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

/**
 * Inside a Field the Field's id wins (give `id` to the Field), so the label can never point elsewhere;
 * other explicit props win, and describedby ids are merged.
 */
export function mergeFieldProps<P extends { id?: string; 'aria-invalid'?: unknown; 'aria-describedby'?: string }>(
  field: FieldControlProps | null,
  props: P,
): P {
  if (!field) return props;
  const describedBy = [field['aria-describedby'], props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...field,
    ...props,
    id: field.id,
    'aria-invalid': props['aria-invalid'] ?? field['aria-invalid'],
    'aria-describedby': describedBy,
  };
}
