import 'server-only';

// The public face of lib/server/log: other folders import from here, not from its files.
export { logger } from './logger';
export { logRequest } from './request-log';
export { LOG_LEVELS } from './levels';
