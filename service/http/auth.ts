import type { MiddlewareHandler } from 'hono';
import { BODY_LIMIT_BYTES, matchOperation, type OperationId } from '@/lib/contract';
import { CLOCK_WINDOW_SECONDS, canonicalString, sha256Hex, verify } from '@/lib/signing';
import { QueryParams, type Env } from './env';
import { errorJson } from './errors';
import { prepared, type Db } from '../store/db';

/** Twice the ±300 s clock window (contract §1), so a replay inside the window always finds its nonce. */
export const NONCE_MEMORY_SECONDS = 600;
/** Purge a little later than required, and at most once a minute. */
const NONCE_PURGE_AFTER_SECONDS = NONCE_MEMORY_SECONDS + 300;
const NONCE_PURGE_EVERY_MS = 60_000;

const CREDENTIAL_CACHE_SIZE = 1000;

const ACTIVE_CREDENTIAL =
  "with c as (select client_id, tenant_id, secret, operations, rate_limit_per_second from credentials where client_id = $1 and status = 'active')";

/**
 * One round trip after the signature check: records the nonce only while the credential is still active
 * with the secret the signature was checked against, and returns the credential as it is now.
 *
 * The nonce commits asynchronously (synchronous_commit off for this transaction only): a request is not
 * held for a WAL flush of its nonce, which tripled the cost of every read. What that risks is bounded: a
 * write's own commit is synchronous and flushes the WAL up to and past its nonce, so a write's nonce is
 * durable before the write is acknowledged; only the nonces of reads in the last WAL-writer interval
 * before a server crash can be lost, and replaying a read changes nothing.
 */
const RECORD_NONCE = prepared(`${ACTIVE_CREDENTIAL},
  sync as (select set_config('synchronous_commit', 'off', true)),
  n as (insert into nonces (client_id, nonce, seen_at) select $1, $2, $3 from c, sync where c.secret = $4 on conflict do nothing returning 1)
  select c.*, (select count(*) from n)::int as fresh from c`);
const READ_CREDENTIAL = prepared(`${ACTIVE_CREDENTIAL} select * from c`);

const TIMESTAMP = /^[0-9]{1,10}$/;
const NONCE = /^[\x20-\x7e]{1,128}$/;

interface CredentialRow {
  client_id: string;
  tenant_id: number;
  secret: string;
  operations: string[] | string;
  rate_limit_per_second: number | null;
}

/** Reads the request body with a cap, so a 6 MiB upload is refused without buffering all of it. */
async function readBody(request: Request): Promise<Uint8Array | 'too_large'> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > BODY_LIMIT_BYTES) return 'too_large';
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      return 'too_large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The path and query exactly as the client sent them. @hono/node-server rebuilds `request.url` with the
 * WHATWG parser (which re-encodes some bytes), so in standalone mode the raw request target is read from
 * the Node request; in-process callers hand us a Request whose URL is what they signed.
 */
function rawTarget(request: Request, incomingUrl: string | undefined): string {
  if (incomingUrl && incomingUrl.startsWith('/')) return incomingUrl;
  const url = new URL(request.url);
  return url.pathname + url.search;
}

function allows(operations: string[] | string, operation: OperationId): boolean {
  const list = typeof operations === 'string' ? (JSON.parse(operations) as string[]) : operations;
  return list.includes('*') || list.includes(operation);
}

/** Fixed one-second windows per client id. In-process memory is enough: it only protects this instance. */
class RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  /** Seconds to wait, or 0 when the request may go ahead. */
  take(clientId: string, limit: number, nowMs: number): number {
    const second = Math.floor(nowMs / 1000);
    const window = this.windows.get(clientId);
    if (!window || window.second !== second) {
      this.windows.set(clientId, { second, count: 1 });
      return 0;
    }
    if (window.count >= limit) return 1;
    window.count++;
    return 0;
  }
}

export interface AuthOptions {
  db: Db;
  now: () => number;
  /** Sandbox mode: a signature mismatch answers what the service signed (see signatureMismatch). */
  sandbox?: boolean;
}

/**
 * A signature mismatch in sandbox mode, as AWS's SignatureDoesNotMatch: the canonical string the service built
 * from the request as it arrived, and the body hash it computed, so the client can diff them with what it
 * signed. Never the secret or the expected signature. Outside sandbox mode, the spec's bare 401.
 */
export function signatureMismatch(canonicalString: string, bodySha256: string): Response {
  return Response.json(
    {
      error: 'unauthorized',
      signatureDoesNotMatch: {
        canonicalString,
        bodySha256,
        hint: 'Compare this with the string you signed, line by line. The secret and the expected signature are never shown.',
      },
    },
    { status: 401 },
  );
}

/**
 * Authentication before routing (master-data-api.md "Authentication", contract §1): every failure is the
 * same 401, header and client checks come before the signature comparison, the nonce is recorded only for
 * a valid signature (so garbage cannot burn a client's nonces), then the operation is resolved (404/405)
 * and checked against the credential (403) and its rate limit (429).
 */
export function authMiddleware({ db, now, sandbox = false }: AuthOptions): MiddlewareHandler<Env> {
  const limiter = new RateLimiter();
  let lastPurge = 0;
  const credentials = new Map<string, CredentialRow>();
  const remember = (row: CredentialRow) => {
    if (credentials.size >= CREDENTIAL_CACHE_SIZE) credentials.clear();
    credentials.set(row.client_id, {
      client_id: row.client_id,
      tenant_id: row.tenant_id,
      secret: row.secret,
      operations: row.operations,
      rate_limit_per_second: row.rate_limit_per_second,
    });
  };
  const readCredential = async (clientId: string) => {
    const [row] = await db.query<CredentialRow>(READ_CREDENTIAL, [clientId]);
    if (row) remember(row);
    else credentials.delete(clientId);
    return row;
  };

  return async (c, next) => {
    const unauthorized = () => errorJson(401, 'unauthorized');
    const request = c.req.raw;
    const clientId = request.headers.get('x-client-id') ?? '';
    const timestamp = request.headers.get('x-timestamp') ?? '';
    const nonce = request.headers.get('x-nonce') ?? '';
    const signature = request.headers.get('x-signature') ?? '';
    if (!clientId || !timestamp || !nonce || !signature) return unauthorized();
    if (!TIMESTAMP.test(timestamp) || !NONCE.test(nonce)) return unauthorized();
    const nowMs = now();
    if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > CLOCK_WINDOW_SECONDS) return unauthorized();

    const cached = credentials.get(clientId);
    let credential = cached ?? (await readCredential(clientId));
    if (!credential) return unauthorized();

    const body = await readBody(request);
    if (body === 'too_large') return errorJson(413, 'payload_too_large');

    const target = rawTarget(request, c.env?.incoming?.url);
    const bodySha256 = await sha256Hex(body);
    const canonical = canonicalString({ method: request.method, pathAndQuery: target, timestamp, nonce, bodySha256 });
    const mismatch = () => (sandbox ? signatureMismatch(canonical, bodySha256) : unauthorized());
    if (!(await verify(credential.secret, canonical, signature))) {
      // The cached secret may have been rotated: read the credential again before refusing.
      if (!cached) return mismatch();
      credential = await readCredential(clientId);
      if (!credential) return unauthorized();
      if (!(await verify(credential.secret, canonical, signature))) return mismatch();
    }

    const [current] = await db.query<CredentialRow & { fresh: number }>(RECORD_NONCE, [
      clientId,
      nonce,
      new Date(nowMs),
      credential.secret,
    ]);
    if (!current || current.secret !== credential.secret) {
      // Deactivated or rotated since it was read: the request is judged by the credential as it is now.
      credentials.delete(clientId);
      return unauthorized();
    }
    remember(current);
    credential = current;
    if (current.fresh === 0) return unauthorized();
    if (nowMs - lastPurge > NONCE_PURGE_EVERY_MS) {
      lastPurge = nowMs;
      await db.query('delete from nonces where seen_at < $1', [new Date(nowMs - NONCE_PURGE_AFTER_SECONDS * 1000)]);
    }

    c.set('clientId', clientId);
    const queryAt = target.indexOf('?');
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? '' : target.slice(queryAt + 1);
    const matched = matchOperation(request.method, path, { anyInteger: true });
    if (matched === null) return errorJson(404, 'not_found');
    if (matched === 'method') return errorJson(405, 'method_not_allowed');
    if (!allows(credential.operations, matched.id)) return errorJson(403, 'forbidden');

    if (credential.rate_limit_per_second != null) {
      const wait = limiter.take(clientId, credential.rate_limit_per_second, nowMs);
      if (wait > 0) {
        const response = errorJson(429, 'rate_limited');
        response.headers.set('Retry-After', String(wait));
        return response;
      }
    }

    c.set('db', db);
    c.set('now', now);
    c.set('tenantId', credential.tenant_id);
    c.set('operation', matched.id);
    c.set('body', body);
    c.set('path', path);
    c.set('query', new QueryParams(search));
    await next();
  };
}
