/** A record id from a route segment: a positive decimal integer, else null (the page answers 404). */
export function parseRecordId(segment: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
