import 'server-only';

/** One signed request to the configured upstream. The sender signs; the proxy never sees the secret. */
export interface ProxySendInput {
  method: string;
  /** `/v1/...` plus the raw `?query`, exactly the bytes to sign and send. */
  pathAndQuery: string;
  bodyBytes: Uint8Array | null;
  signal: AbortSignal;
  /** This request's id, sent upstream as X-Request-Id (outside the signature). */
  requestId?: string;
}

export type ProxySend = (input: ProxySendInput) => Promise<Response>;
