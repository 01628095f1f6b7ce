/** Joins class names, skipping falsy ones; small enough that a dependency is not worth it. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** One focus ring for every interactive primitive, visible in light and dark mode. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400';
