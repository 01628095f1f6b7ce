/**
 * A back-office user as every console role sees them: id, name, ERP code, role and status, and whether they can
 * be a company's salesperson; nothing else (no e-mail, no account). Served by the console's GET /api/salespeople
 * (lib/contract/console/salespeople.ts), built on the server from checked /v1 answers.
 */
export interface Salesperson {
  id: number;
  name: string;
  /** The user's ERP code ('' when none). */
  code: string;
  roleId: number;
  /** The role's name from the console's role directory; null when no name is known ("Role #id"). */
  roleName: string | null;
  status: string | null;
  /**
   * Their role is one that can hold companies. /v1 says nothing of it, so it is read from the data: a role some
   * company's salesperson has (the mirror), or, when no company has one, every role but an administrator's.
   */
  sells: boolean;
}

/** The browser's check of the console's own answer, without a schema library in a list page's first load. */
export function isSalespeople(value: unknown): value is Salesperson[] {
  return (
    Array.isArray(value) &&
    value.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        Number.isInteger(s.id) &&
        typeof s.name === 'string' &&
        typeof s.code === 'string' &&
        Number.isInteger(s.roleId) &&
        (s.roleName === null || typeof s.roleName === 'string') &&
        (s.status === null || typeof s.status === 'string') &&
        typeof s.sells === 'boolean',
    )
  );
}

/** Who a company may be given to: an active user whose role sells (see Salesperson.sells). */
export const maySell = (s: Pick<Salesperson, 'status' | 'sells'>) => s.sells && s.status === 'Active';
