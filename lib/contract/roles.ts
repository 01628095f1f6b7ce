import { CREDIT_QUOTA_OPERATIONS, isWrite, OPERATIONS, POINT_QUOTA_OPERATIONS, type OperationId } from './operations';

/**
 * Console roles (issue 5; the manager, issue 55). One table decides what each role may do: the proxy enforces
 * it, navigation and pages read it to hide what a role cannot use. A manager reviews money: reads what a viewer
 * reads, decides proposals and edits credit and point quota within the approval policy, and nothing else.
 */
export const ROLES = ['viewer', 'steward', 'manager', 'admin'] as const;
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

/** The only writes a manager sends: quota batches (the proxy still holds them to the approval policy). */
const QUOTA_WRITES = new Set<OperationId>([CREDIT_QUOTA_OPERATIONS.batch, POINT_QUOTA_OPERATIONS.batch]);

export function mayCall(role: Role, operation: OperationId): boolean {
  if (ADMIN_ONLY.has(operation)) return role === 'admin';
  if (!isWrite(operation)) return true;
  if (role === 'viewer') return false;
  if (role === 'manager') return QUOTA_WRITES.has(operation);
  return true;
}

export function operationsFor(role: Role): OperationId[] {
  return OPERATIONS.filter((op) => mayCall(role, op));
}

/** Console features beyond /v1, by role. */
export const CONSOLE_PERMISSIONS = {
  /** What every signed-in role may do: read, export what it reads, refresh the quota snapshot. */
  useConsole: ['viewer', 'steward', 'manager', 'admin'],
  readAudit: ['admin'],
  manageAccounts: ['admin'],
  runImports: ['steward', 'admin'],
  editMasterData: ['steward', 'admin'],
  manageInternalUsers: ['admin'],
  /** Credit and point quota edits (a change the approval policy catches becomes a proposal). */
  editQuota: ['steward', 'manager', 'admin'],
  /** Approve or reject someone else's quota proposal (never one's own, whatever the role). */
  approveQuota: ['manager', 'admin'],
  /** The approval policy in Settings. */
  manageApprovalPolicy: ['admin'],
  /** A record's History panel (master data); the back-office users' history needs manageInternalUsers. */
  readHistory: ['steward', 'manager', 'admin'],
  /** Stop a running job someone started (the quota snapshot's refresh). */
  cancelJobs: ['steward', 'manager', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type ConsolePermission = keyof typeof CONSOLE_PERMISSIONS;

export function can(role: Role, permission: ConsolePermission): boolean {
  return (CONSOLE_PERMISSIONS[permission] as readonly Role[]).includes(role);
}
