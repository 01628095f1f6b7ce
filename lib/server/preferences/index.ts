import 'server-only';

// The public face of lib/server/preferences: other folders import from here, not from its files. The request's
// locale (next/headers) is in ./request.ts, apart, so processes outside Next can load this face.
export { requestListPreferences, requestPreferences, savePreferences } from './preferences';
