import 'server-only';

// The console's auth instance is one of the runtime's parts (lib/server/runtime/parts.ts builds it once per
// bundle, on the process's database, after the first accounts exist).
export { createConsoleAuth, type ConsoleAuth } from './create';
export { getAuth } from '../runtime/parts';
