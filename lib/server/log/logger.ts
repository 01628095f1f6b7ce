import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { LOG_LEVELS, type LogLevel } from './levels';

/**
 * The console's JSON-lines logger (design.md "Logs"). Callers pass chosen fields, never a whole request,
 * headers object or body; `redact` is the second line of defence for a field that should not be there (an
 * error's cause, a copied options object). Every line carries `time` (ISO) and `level` as a word.
 */

/** Field names whose value is never written, at the top level, one level down and in headers. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'clientSecret',
  'token',
  'cookie',
  'cookies',
  'authorization',
  'signature',
  'x-signature',
  'x-nonce',
  'set-cookie',
  'sessionToken',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((field) => `["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*.headers["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*.*["${field}"]`),
];

function levelFrom(value: string | undefined, fallback: LogLevel): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : fallback;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Human-readable lines (pino-pretty, a development dependency) instead of JSON. */
  pretty?: boolean;
  /** Where lines go; standard output when absent. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // pino-pretty runs in pino's worker thread; it is installed only where `npm install` took dev dependencies.
      transport:
        options.pretty && !options.destination
          ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } }
          : undefined,
    },
    options.destination,
  );
}

let shared: Logger | undefined;

/**
 * The process's logger. LOG_LEVEL sets the level (default info; silent under the unit tests unless set);
 * development (`next dev`) prints pretty lines, everything else JSON.
 */
export function logger(): Logger {
  if (!shared) {
    const quietByDefault = process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;
    shared = createLogger({
      level: levelFrom(process.env.LOG_LEVEL, quietByDefault ? 'silent' : 'info'),
      pretty: process.env.NODE_ENV === 'development',
    });
  }
  return shared;
}
