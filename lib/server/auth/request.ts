import 'server-only';

// The face of lib/server/auth for pages, route handlers and actions: what reads the request (next/headers). Kept
// apart from ./index.ts, which processes outside Next load; a page's redirect or 403 is in ./page.ts.
export {
  currentRequestSession,
  getCurrentUser,
  readCurrentUser,
  readSession,
  type CurrentUser,
  type SessionRead,
} from './session';
export { readSessionId } from './session-id';
