import 'server-only';

// The face of lib/server/auth for pages alone: what answers a page with a redirect or a 403 (next/navigation).
// Kept apart from ./request.ts so route handlers and actions, which answer with JSON, and scripts that load a route
// handler outside Next (the benches), never load next/navigation.
export { requireUser } from './require-user';
