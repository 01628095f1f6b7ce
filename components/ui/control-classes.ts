import { cn, focusRing } from './cn';

/** Text-like controls share one look; aria-invalid drives the error colour so it cannot drift from the state. */
export function controlClasses(className?: string) {
  return cn(
    'block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-500',
    'dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400',
    'disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 dark:disabled:bg-zinc-800',
    'aria-invalid:border-red-600 dark:aria-invalid:border-red-400',
    focusRing,
    className,
  );
}
