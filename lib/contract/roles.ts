import { isWrite, OPERATIONS, type OperationId } from './operations';

/**
 * Console roles (issue 5). One table decides what each role may do: the proxy enforces it, navigation and
 * pages read it to hide what a role cannot use.
 */
export const ROLES = ['viewer', 'steward', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The service's back-office users are admin-only data, reads included: their e-mails and accounts never reach
 * a viewer or steward. Everyone gets salesperson ids and names from the console's /api/salespeople.
 */
const ADMIN_ONLY = new Set<OperationId>([
  'GET /v1/internal-users',
  'POST /v1/internal-users',
  'PUT /v1/internal-users/{id}',
]);

export function mayCall(role: Role, operation: OperationId): boolean {
  if (ADMIN_ONLY.has(operation)) return role === 'admin';
  if (!isWrite(operation)) return true;
  if (role === 'viewer') return false;
  return true;
}

export function operationsFor(role: Role): OperationId[] {
  return OPERATIONS.filter((op) => mayCall(role, op));
}

/** Console features beyond /v1, by role. */
export const CONSOLE_PERMISSIONS = {
  /** What every signed-in role may do: read, export what it reads, refresh the quota snapshot. */
  useConsole: ['viewer', 'steward', 'admin'],
  readAudit: ['admin'],
  manageAccounts: ['admin'],
  runImports: ['steward', 'admin'],
  editMasterData: ['steward', 'admin'],
  manageInternalUsers: ['admin'],
  /** A record's History panel (master data); the back-office users' history needs manageInternalUsers. */
  readHistory: ['steward', 'admin'],
  /** Stop a running job someone started (the quota snapshot's refresh). */
  cancelJobs: ['steward', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

export function can(role: Role, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly Role[]).includes(role);
}
