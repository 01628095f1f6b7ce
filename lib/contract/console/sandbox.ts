import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../batches';
import { endpoint, json } from './endpoint';

/** The parts of the canonical string, in its order (master-data-api.md "Authentication"). */
export const CANONICAL_PARTS = ['method', 'path', 'timestamp', 'nonce', 'body'] as const;
export type CanonicalPart = (typeof CANONICAL_PARTS)[number];

/** The headers a signed /v1 request must carry, as an integrator writes them. */
export const SIGNATURE_HEADER_NAMES = ['X-Client-Id', 'X-Timestamp', 'X-Nonce', 'X-Signature'] as const;

export const SIGNATURE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What an integrator pastes: the request as they sent it, and optionally the string they signed. */
export const signatureCheckInput = z.object({
  method: z.enum(SIGNATURE_METHODS),
  pathAndQuery: z.string().max(8192),
  /** "Name: value" lines, as copied from a log or a terminal. */
  headers: z.string().max(16_384),
  body: z.string().max(BODY_LIMIT_BYTES),
  signed: z.string().max(BODY_LIMIT_BYTES).optional(),
});
export type SignatureCheckInput = z.input<typeof signatureCheckInput>;

export interface CanonicalLine {
  part: CanonicalPart;
  /** The line of the canonical string the service built from the request. */
  service: string;
  /** The same line of the string the integrator signed; null when they pasted none (or it is shorter). */
  yours: string | null;
  differs: boolean;
}

/** The sandbox's answer: never the secret or the expected signature. */
export interface SignatureCheck {
  canonicalString: string;
  lines: CanonicalLine[];
  /** 1-based numbers of the lines that differ from the pasted string. */
  differingLines: number[];
  bodySha256: string;
  /** The body hash written in the pasted string's last line, when it has one. */
  yourBodySha256: string | null;
  /** How many lines the pasted string has; null when none was pasted. */
  yourLineCount: number | null;
  /** Signature headers absent from the pasted headers. */
  missingHeaders: string[];
  /** Seconds between X-Timestamp and the sandbox's clock, when beyond the ±300 s window. */
  clockSkewSeconds: number | null;
}

/**
 * The signature debugger (issue 64): an unsigned console route that builds the canonical string of a pasted
 * request with the service's own code. It exists in sandbox mode only (demo mode or SANDBOX_DEBUG); elsewhere 404.
 */
export const sandboxApi = {
  signature: endpoint({
    method: 'POST',
    path: '/api/sandbox/signature',
    access: { kind: 'public' },
    body: signatureCheckInput,
    answer: json<SignatureCheck>(),
    errors: { not_found: 404 },
    // Computes an answer from what it is given: it reads and changes nothing, so there is nothing to audit.
    audit: 'none',
  }),
};
