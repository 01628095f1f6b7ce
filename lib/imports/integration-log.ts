/**
 * An ERP's integration log, read into the calls it made to /v1 (issue 53, "other ways in"): the same facts the
 * relay records for a call it forwarded (method, path and query, the request's body, the answer's status and
 * body), so an upload ends in the same rejections. Two kinds of file:
 *
 * - JSON lines: one object per line holding the request and the answer. Integration tools write them in many
 *   shapes, so the reader is lenient: `request`/`req` and `response`/`answer`/`res` objects, or flat fields;
 *   `path`, `url` or `uri`; `body`, `data`, `payload` or `text` as JSON text or as the parsed value; `status`,
 *   `statusCode` or `status_code`. A line that cannot be read is reported by its number, never guessed at.
 * - HAR (a browser's or a proxy's export): `log.entries[]` with `request.postData.text` and
 *   `response.content.text` (base64 when `content.encoding` says so).
 *
 * Only /v1 calls are kept (other traffic of a HAR is skipped and counted). Pure code: runs in the browser and
 * on the server, and never sends anything.
 */

export interface LoggedCall {
  /** The line (JSON lines) or entry (HAR), 1-based, for messages about it. */
  line: number;
  method: string;
  /** `/v1/...` with its query, as sent. */
  pathAndQuery: string;
  /** When the log says the call was made; null when it does not say. */
  at: Date | null;
  clientId: string;
  nonce: string | null;
  requestId: string | null;
  /** Null: the log kept no answer (the call's outcome is unknown). */
  status: number | null;
  requestBody: string | null;
  responseBody: string | null;
}

export interface LogRead {
  format: 'jsonl' | 'har';
  calls: LoggedCall[];
  /** Lines (or HAR entries) that could not be read as a call, 1-based. */
  unreadable: number[];
  /** Calls that were not to /v1 (a HAR's other traffic). */
  skipped: number;
}

export type LogError = 'log_empty' | 'log_unreadable';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `keys` that `o` holds (not null or undefined). */
function pick(o: Obj | undefined, keys: readonly string[]): unknown {
  if (!o) return undefined;
  for (const key of keys) if (o[key] !== undefined && o[key] !== null) return o[key];
  return undefined;
}

/** A body as the bytes' text: a string stays as it is (the bytes sent); a parsed value is written back as JSON. */
function bodyText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** `/v1/...` with its query from a path or a whole URL; null when it is not a /v1 path. */
export function v1PathOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  let path = value.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length) || '/';
  const at = path.indexOf('/v1/');
  if (at < 0) return null;
  // A base URL's own prefix (https://erp-gw/api/v1/...) is not part of what the service signs and reads.
  return path.slice(at);
}

function statusOf(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A header's value from an object of headers or a HAR list of `{ name, value }`, case-insensitive. */
function header(headers: unknown, name: string): string | null {
  const wanted = name.toLowerCase();
  if (Array.isArray(headers)) {
    for (const h of headers)
      if (isObj(h) && typeof h.name === 'string' && h.name.toLowerCase() === wanted && typeof h.value === 'string')
        return h.value;
    return null;
  }
  if (isObj(headers))
    for (const [key, value] of Object.entries(headers))
      if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : null;
  return null;
}

const REQUEST_KEYS = ['request', 'req'];
const ANSWER_KEYS = ['response', 'answer', 'res', 'reply'];
const BODY_KEYS = ['body', 'data', 'payload', 'text', 'content'];
const PATH_KEYS = ['path', 'url', 'uri', 'pathAndQuery', 'endpoint'];
const STATUS_KEYS = ['status', 'statusCode', 'status_code', 'code'];
const TIME_KEYS = ['time', 'timestamp', 'at', 'ts', 'date', 'receivedAt', 'startedDateTime'];

/** One JSON line's object as a call, or null when it is not one. */
function callOfLine(o: Obj, line: number): LoggedCall | 'skip' | null {
  const request = pick(o, REQUEST_KEYS);
  const req: Obj = isObj(request) ? request : o;
  const answer = pick(o, ANSWER_KEYS);
  const res: Obj | undefined = isObj(answer) ? answer : undefined;
  const method = pick(req, ['method', 'verb']) ?? pick(o, ['method']);
  const rawPath = pick(req, PATH_KEYS) ?? pick(o, PATH_KEYS);
  if (typeof method !== 'string' || rawPath === undefined) return null;
  const pathAndQuery = v1PathOf(rawPath);
  if (!pathAndQuery) return typeof rawPath === 'string' ? 'skip' : null;
  const headers = pick(req, ['headers']);
  // A flat line keeps the request's body as `body` and the answer's as `response`, `responseBody` or `answer`.
  const requestBody = bodyText(isObj(request) ? pick(req, BODY_KEYS) : pick(o, ['body', 'requestBody', 'payload']));
  const responseBody = res
    ? bodyText(pick(res, BODY_KEYS))
    : bodyText(pick(o, ['responseBody', 'response_body', ...ANSWER_KEYS]));
  const status = statusOf(pick(res, STATUS_KEYS) ?? pick(o, ['status', 'statusCode', 'status_code']));
  return {
    line,
    method: method.toUpperCase(),
    pathAndQuery,
    at: dateOf(pick(o, TIME_KEYS) ?? pick(req, TIME_KEYS)),
    clientId: header(headers, 'x-client-id') ?? (typeof o.clientId === 'string' ? o.clientId : ''),
    nonce: header(headers, 'x-nonce'),
    requestId: header(headers, 'x-request-id') ?? header(pick(res, ['headers']), 'x-request-id'),
    status,
    requestBody,
    responseBody,
  };
}

function decodeBase64(text: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function readHar(entries: unknown[]): LogRead {
  const read: LogRead = { format: 'har', calls: [], unreadable: [], skipped: 0 };
  entries.forEach((entry, i) => {
    const line = i + 1;
    const request = isObj(entry) ? entry.request : undefined;
    const response = isObj(entry) ? entry.response : undefined;
    if (!isObj(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
      read.unreadable.push(line);
      return;
    }
    const pathAndQuery = v1PathOf(request.url);
    if (!pathAndQuery) {
      read.skipped++;
      return;
    }
    const content = isObj(response) && isObj(response.content) ? response.content : undefined;
    let responseBody = typeof content?.text === 'string' ? content.text : null;
    if (responseBody !== null && content?.encoding === 'base64') responseBody = decodeBase64(responseBody);
    const postData = isObj(request.postData) ? request.postData : undefined;
    // A HAR writes 0 for a request that got no answer.
    const status = isObj(response) ? statusOf(response.status) : null;
    read.calls.push({
      line,
      method: request.method.toUpperCase(),
      pathAndQuery,
      at: dateOf((entry as Obj).startedDateTime),
      clientId: header(request.headers, 'x-client-id') ?? '',
      nonce: header(request.headers, 'x-nonce'),
      requestId:
        header(request.headers, 'x-request-id') ?? header(isObj(response) ? response.headers : null, 'x-request-id'),
      status,
      requestBody: typeof postData?.text === 'string' ? postData.text : null,
      responseBody,
    });
  });
  return read;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads an uploaded integration log (JSON lines or HAR, told apart by its content, not its name). */
export function readIntegrationLog(text: string): LogRead | { error: LogError } {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { error: 'log_empty' };
  if (trimmed.startsWith('{')) {
    const whole = parse(trimmed);
    if (isObj(whole) && isObj(whole.log) && Array.isArray(whole.log.entries)) return readHar(whole.log.entries);
  }
  const read: LogRead = { format: 'jsonl', calls: [], unreadable: [], skipped: 0 };
  trimmed.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const value = parse(raw);
    const call = isObj(value) ? callOfLine(value, i + 1) : null;
    if (call === 'skip') read.skipped++;
    else if (call) read.calls.push(call);
    else read.unreadable.push(i + 1);
  });
  if (read.calls.length === 0 && read.skipped === 0) return { error: 'log_unreadable' };
  return read;
}
