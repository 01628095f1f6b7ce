import 'server-only';

// The face of lib/server/auth for pages, route handlers and actions: what reads the request (next/headers) or
// answers it (next/navigation). Kept apart from ./index.ts, which processes outside Next load.
export { requireUser } from './require-user';
export { getCurrentUser, readCurrentUser, type CurrentUser } from './session';
