/** LOG_LEVEL's values (pino's levels). Apart from the logger so the env module can check them without loading pino. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
