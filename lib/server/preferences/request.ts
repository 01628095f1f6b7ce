import 'server-only';

// The face of lib/server/preferences for pages, route handlers and actions: the request's locale (next/headers).
export { rememberLocaleInBrowser, requestLocale, requestLocaleOf } from './locale';
export { requestTimeZoneOf } from './time-zone';
