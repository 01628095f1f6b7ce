import 'server-only';

// The public face of lib/server/preferences: other folders import from here, not from its files.
export { rememberLocaleInBrowser, requestLocale, requestLocaleOf } from './locale';
export { requestListPreferences, requestPreferences, savePreferences } from './preferences';
