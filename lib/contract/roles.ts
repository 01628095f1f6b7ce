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

/** Writes that only an admin may make: the service's back-office users. */
const ADMIN_WRITES = new Set<OperationId>(['POST /v1/internal-users', 'PUT /v1/internal-users/{id}']);

export function mayCall(role: Role, operation: OperationId): boolean {
  if (!isWrite(operation)) return true;
  if (role === 'viewer') return false;
  if (ADMIN_WRITES.has(operation)) return role === 'admin';
  return true;
}

export function operationsFor(role: Role): OperationId[] {
  return OPERATIONS.filter((op) => mayCall(role, op));
}

/** Console features beyond /v1, by role. */
export const CONSOLE_PERMISSIONS = {
  readAudit: ['admin'],
  manageAccounts: ['admin'],
  runImports: ['steward', 'admin'],
  editMasterData: ['steward', 'admin'],
  manageInternalUsers: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

export function can(role: Role, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly Role[]).includes(role);
}
