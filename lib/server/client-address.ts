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

type Emitter = { emit(event: string | symbol, ...args: unknown[]): boolean };
const INSTALLED = Symbol.for('console.clientAddress');

/**
 * Requests that arrive while the server is still starting were emitted before the hook below was installed,
 * so a client could have sent CLIENT_ADDRESS_HEADER itself. The hook therefore also writes a per-process
 * random proof, and readers drop an address that comes without it (they then fall back to one shared bucket).
 */
const PROOF_HEADER = 'x-console-client-address-proof';
const TOKEN = Symbol.for('console.clientAddressProof');
function proofToken(): string {
  const holder = globalThis as typeof globalThis & { [TOKEN]?: string };
  holder[TOKEN] ??= crypto.randomUUID();
  return holder[TOKEN];
}

/** A copy of the request with CLIENT_ADDRESS_HEADER only when installClientAddress wrote it, and no proof. */
export function withProvenClientAddress(request: Request): Request {
  const proven = request.headers.get(PROOF_HEADER) === proofToken();
  const headers = new Headers(request.headers);
  headers.delete(PROOF_HEADER);
  if (!proven) headers.delete(CLIENT_ADDRESS_HEADER);
  return new Request(request, { headers });
}

/**
 * Next.js hands route handlers no socket, and copies the socket address to X-Forwarded-For only when the
 * client did not send that header. So the address is fixed here, as each request arrives: the server's
 * "request" event is wrapped to write CLIENT_ADDRESS_HEADER from the socket (and the trusted hops), replacing
 * any value the client sent. `target` is http.Server.prototype at start-up, or one server in tests.
 */
export function installClientAddress(target: Emitter, trustedHops: number): void {
  const holder = target as Emitter & { [INSTALLED]?: true };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  const emit = target.emit;
  target.emit = function (this: Emitter, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as IncomingMessage;
      const address = clientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trustedHops);
      delete req.headers[CLIENT_ADDRESS_HEADER];
      delete req.headers[PROOF_HEADER];
      if (address) {
        req.headers[CLIENT_ADDRESS_HEADER] = address;
        req.headers[PROOF_HEADER] = proofToken();
      }
    }
    return emit.call(this, event, ...args);
  };
}
