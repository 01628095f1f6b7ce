import 'server-only';

// The console's accounts and sessions (better-auth): the instance each bundle builds on the process's database
// (getAuth), a bare one for tests (createConsoleAuth), and the console database's migration, which starts with
// better-auth's tables.
export { authConfigFromEnv } from './config';
export { createConsoleAuth, type ConsoleAuth } from './create';
export { getAuth } from './instance';
export { migrateConsoleDb } from './migrate';
export type { AuthConfig } from './options';
