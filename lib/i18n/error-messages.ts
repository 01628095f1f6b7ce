import { createTranslator } from 'use-intl/core';
import { isKnownErrorCode } from '@/lib/contract/errors';
import catalogue from '@/messages/en/errors.json';
import { formatsFor, plainSpaces } from './formats';
import { isLocale } from './locale';
import { DEFAULT_TIME_ZONE } from './time-zone';

/**
 * Error codes become words through the message catalogue (messages/<locale>/errors.json, keyed by code).
 * Components render with useErrorMessage (./use-error-message), in the person's language. Code outside React
 * (the browser's ApiError sentence, the proxy's `message` for API clients) uses errorMessage: English on the
 * server, and in the browser the catalogue the page was rendered with once ErrorCatalogueSync has handed it
 * over (components/layout/error-catalogue-sync.tsx).
 */
type ErrorCatalogue = {
  errors: Record<string, string>;
  errorFallback: Record<string, string>;
  /** The page's language and the person's zone, so a time in a sentence reads as every other time on the page. */
  locale?: string;
  timeZone?: string;
};

const EN: ErrorCatalogue = catalogue;
let browserCatalogue: ErrorCatalogue | null = null;

/** Browser only: a server process serves every language at once, so it never keeps one. */
export function setBrowserErrorCatalogue(messages: ErrorCatalogue): void {
  if (typeof window !== 'undefined') browserCatalogue = messages;
}

function active(): ErrorCatalogue {
  return browserCatalogue ?? EN;
}

/**
 * A fallback sentence with its placeholders filled by the catalogues' formatter: the build precompiles catalogue
 * messages (next.config.ts), so a message with a placeholder is not a string there.
 */
function fallbackSentence(key: 'unknown' | 'http' | 'busyUntil', values: Record<string, string>): string {
  const own = active().errorFallback;
  const messages = { errorFallback: Object.hasOwn(own, key) ? own : EN.errorFallback };
  return createTranslator({ locale: 'en', messages, namespace: 'errorFallback' })(key, values);
}

/**
 * The catalogue's key for a code, also when it comes spelled another way: an ERP's integration log (pasted
 * into "Open a failed sync") may hold `sku_not_found` for the service's `sku not found`, and any other
 * `…_not_found` is still "does not exist". Null when the catalogue has no words for it.
 */
export function catalogueCode(code: string, has: (key: string) => boolean): string | null {
  const spellings = [code, code.replace(/_/g, ' '), code.replace(/ /g, '_')];
  const found = spellings.find((c) => has(c));
  if (found) return found;
  return /(_| )not(_| )found$/.test(code) && has('not_found') ? 'not_found' : null;
}

/** The sentence for any code, including ones unknown to this console. */
export function errorMessage(code: string): string {
  const { errors } = active();
  const key = catalogueCode(code, (c) => isKnownErrorCode(c) && Object.hasOwn(errors, c));
  return key ? errors[key]! : fallbackSentence('unknown', { code });
}

export type FailureKind = 'network' | 'server' | 'offline' | 'invalidResponse';

/** The English sentence of a failure that has no code from the service (the one source of these words). */
export function englishFailureSentence(kind: FailureKind): string {
  return EN.errorFallback[kind]!;
}

/** The same sentence in the page's language. */
export function failureSentence(kind: FailureKind): string {
  return active().errorFallback[kind] ?? englishFailureSentence(kind);
}

/** When a request held back for the service's rate limit may be tried again, in the page's language and time format. */
export function busyUntilSentence(at: Date): string {
  const { locale, timeZone } = active();
  const language = isLocale(locale) ? locale : 'en';
  const time = new Intl.DateTimeFormat(language, {
    ...formatsFor(language).dateTime.timeSeconds,
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
  }).format(at);
  return fallbackSentence('busyUntil', { time: plainSpaces(time) });
}

/** An error status that came without a code, in the page's language. */
export function httpFailureSentence(status: number): string {
  return fallbackSentence('http', { status: String(status) });
}
