/**
 * Limits count characters (Unicode code points), as people and Postgres varchar do, not UTF-16 units. Apart
 * from ./fields (which re-exports it) so a form's character counter does not bring zod to the page.
 */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
