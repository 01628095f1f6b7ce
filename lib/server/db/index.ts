import 'server-only';

export type { ConsoleDatabase } from './types';
export { connectConsoleDb, type ConsoleDbConnection, type ConsoleDbTarget } from './connect';
export { migrateConsoleTables, type MigrationStep } from './migrate';
export { AUTH_CHANGES_CHANNEL } from './migrations/0030-auth-change-notify';
// The process's console database (getConsoleDb) is one of its parts: lib/server/process.
export { checkConsoleDatabase } from './check';
export { MIRROR_TABLES } from './mirror-tables';
export { listenOnPostgres } from './listen';
export { type AuditLogTable, type WriteResult } from './types';
