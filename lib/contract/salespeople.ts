/**
 * A salesperson as every console role sees it: a back-office user's id and name, nothing else (no e-mail, no
 * account). Served by the console's GET /api/salespeople (lib/contract/console/salespeople.ts), built on the
 * server from checked /v1 answers.
 */
export interface Salesperson {
  id: number;
  name: string;
}

/** The browser's check of the console's own answer, without a schema library in a list page's first load. */
export function isSalespeople(value: unknown): value is Salesperson[] {
  return (
    Array.isArray(value) &&
    value.every((s) => typeof s === 'object' && s !== null && Number.isInteger(s.id) && typeof s.name === 'string')
  );
}
