/**
 * Dates and times are shown in the person's own time zone, the one the "Updated since" filters use too.
 * The browser reports it in this cookie (components/layout/time-zone-sync.tsx); until it has, and for a
 * name this runtime does not know, the platform's home zone is used.
 */
export const TIME_ZONE_COOKIE = 'console-tz';
export const DEFAULT_TIME_ZONE = 'Asia/Taipei';

/** The IANA name if this runtime knows it, else null. */
export function validTimeZone(name: string | undefined | null): string | null {
  if (!name || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
