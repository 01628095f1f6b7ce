import 'server-only';
import type { IncomingMessage } from 'node:http';

/**
 * Where the console reads a request's client address (sign-in limits, better-auth's rate limiter). Set only by
 * installClientAddress below, which removes whatever a client sent under this name.
 */
export const CLIENT_ADDRESS_HEADER = 'x-console-client-address';

/**
 * The client's address: the socket's peer, unless `trustedHops` proxies in front of the console each append
 * the address they saw to X-Forwarded-For. Then the entry `trustedHops` from the right is the last one a
 * trusted proxy wrote; everything left of it came from the client and may be forged.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string | undefined {
  if (trustedHops <= 0) return socketAddress;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socketAddress;
  // Fewer entries than trusted hops: the leftmost was still written by one of our proxies.
  return entries[Math.max(0, entries.length - trustedHops)];
}

/**
 * Requests reach the console only through server.ts, which writes CLIENT_ADDRESS_HEADER as each request
 * arrives (installClientAddress below). Run another way (`next start`, `next dev`), nothing removes a header
 * the client sent itself; so the hook also writes a per-process random proof, kept in the environment where
 * the route bundles read it, and readers drop an address that comes without it (they then fall back to one
 * shared bucket).
 */
export const PROOF_HEADER = 'x-console-client-address-proof';
const PROOF_VARIABLE = 'CONSOLE_CLIENT_ADDRESS_PROOF';

/** A copy of the request with CLIENT_ADDRESS_HEADER only when installClientAddress wrote it, and no proof. */
export function withProvenClientAddress(request: Request): Request {
  const expected = process.env[PROOF_VARIABLE];
  const proven = expected !== undefined && request.headers.get(PROOF_HEADER) === expected;
  const headers = new Headers(request.headers);
  headers.delete(PROOF_HEADER);
  if (!proven) headers.delete(CLIENT_ADDRESS_HEADER);
  return new Request(request, { headers });
}

type RequestSource = { prependListener(event: 'request', listener: (req: IncomingMessage) => void): unknown };

/**
 * Next.js hands route handlers no socket, and copies the socket address to X-Forwarded-For only when the
 * client did not send that header. So the server that owns the socket (server.ts, or one server in tests)
 * fixes the address as each request arrives: a 'request' listener placed before Next's writes
 * CLIENT_ADDRESS_HEADER from the socket (and the trusted hops), replacing any value the client sent. A listener
 * on that one server: nothing of Node's is patched.
 */
export function installClientAddress(server: RequestSource, trustedHops: number): void {
  process.env[PROOF_VARIABLE] ??= crypto.randomUUID();
  const proof = process.env[PROOF_VARIABLE];
  server.prependListener('request', (req) => {
    const address = clientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trustedHops);
    delete req.headers[CLIENT_ADDRESS_HEADER];
    delete req.headers[PROOF_HEADER];
    if (address) {
      req.headers[CLIENT_ADDRESS_HEADER] = address;
      req.headers[PROOF_HEADER] = proof;
    }
  });
}
