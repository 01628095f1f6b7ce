/**
 * updatedSince must name its zone (invalid_updated_since otherwise). The picker is a
 * `<input type="datetime-local">`, read in the person's own zone and sent with that zone's offset.
 */

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** `+08:00` for a date in the runtime's zone (offsets differ across DST, so the date matters). */
export function offsetFor(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** `2026-11-22T09:30` (a datetime-local value) → `2026-11-22T09:30:00+08:00`, or null when it is not one. */
export function localInputToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(date.getTime())) return null;
  // Rebuild from the Date so a wall time skipped by a DST jump is written as the time that exists.
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${offsetFor(date)}`
  );
}

/**
 * Any ISO string with a zone → the datetime-local value showing that instant in the runtime's zone, seconds
 * included: a link to "changed since 09:30:45" must not show (and then send back) 09:30.
 */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The person's zone for display: `Asia/Taipei (UTC+08:00)`. */
export function zoneLabel(date: Date = new Date()): string {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${name} (UTC${offsetFor(date)})`;
}
