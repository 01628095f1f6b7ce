import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';

/** A toggle button named by its text; aria-pressed tells whether what it names is on. */
export function ToggleButton({
  pressed,
  onToggle,
  variant,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  variant: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onToggle} className={buttonClasses(variant, 'sm')}>
      {children}
    </button>
  );
}
