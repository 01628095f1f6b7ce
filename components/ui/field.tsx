'use client';

import { useId, useMemo, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldContext, type FieldControlProps } from './field-context';
import { Label } from './label';

export type FieldProps = {
  label: ReactNode;
  children: ReactNode;
  /** Help text under the label; read by screen readers with the control. */
  description?: ReactNode;
  /** The error sentence for this field; turns the control invalid and is announced. */
  error?: ReactNode;
  /** Optional slot on the label row, e.g. <CharacterCounter />; it also describes the control. */
  counter?: ReactNode;
  required?: boolean;
  /** Use when the control id must be known outside (e.g. focusing the first invalid field). */
  id?: string;
  className?: string;
};

/**
 * A labelled form field. The control placed inside (Input, Textarea, Select, Checkbox) picks up the id,
 * aria-invalid and aria-describedby from here, so label, help, counter and error are always wired.
 */
export function Field({ label, children, description, error, counter, required, id, className }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const counterId = counter ? `${controlId}-counter` : undefined;
  const hasError = error != null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;

  const control = useMemo<FieldControlProps>(() => {
    const describedBy = [errorId, descriptionId, counterId].filter(Boolean).join(' ');
    return {
      id: controlId,
      ...(hasError ? { 'aria-invalid': true as const } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(required ? { 'aria-required': true as const } : {}),
    };
  }, [controlId, counterId, descriptionId, errorId, hasError, required]);

  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={controlId} required={required}>
          {label}
        </Label>
        {counter ? (
          <span id={counterId} className="text-xs tabular-nums">
            {counter}
          </span>
        ) : null}
      </div>
      {description ? (
        <p id={descriptionId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {description}
        </p>
      ) : null}
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
