import 'server-only';
import {
  CANONICAL_PARTS,
  SIGNATURE_HEADER_NAMES,
  type CanonicalLine,
  type SignatureCheck,
  type SignatureCheckInput,
} from '@/lib/contract/console/sandbox';
import { CLOCK_WINDOW_SECONDS, canonicalString, sha256Hex } from '@/lib/signing';

/** "Name: value" lines to a map by lower-case name; HTTP trims the whitespace around a value, so we do too. */
export function parseHeaderLines(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Pasted text ends lines with \r\n on Windows; a signed string's bytes are \n-separated (a \r would differ). */
function pastedLines(signed: string | undefined): string[] | null {
  if (signed === undefined || signed.trim() === '') return null;
  return signed.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
}

/**
 * Builds the canonical string of a pasted request exactly as service/http/auth.ts does for a request that
 * arrives (lib/signing's canonicalString over the path and query as sent and the SHA-256 of the body's UTF-8
 * bytes), and compares it line by line with the string the integrator signed. Never touches a secret.
 */
export async function checkSignature(input: SignatureCheckInput, nowMs: number = Date.now()): Promise<SignatureCheck> {
  const headers = parseHeaderLines(input.headers);
  const timestamp = headers.get('x-timestamp') ?? '';
  const nonce = headers.get('x-nonce') ?? '';
  const bodySha256 = await sha256Hex(input.body);
  const canonical = canonicalString({
    method: input.method,
    pathAndQuery: input.pathAndQuery,
    timestamp,
    nonce,
    bodySha256,
  });
  const yours = pastedLines(input.signed);
  const lines: CanonicalLine[] = canonical.split('\n').map((service, i) => {
    const theirs = yours ? (yours[i] ?? null) : null;
    return { part: CANONICAL_PARTS[i]!, service, yours: theirs, differs: yours !== null && theirs !== service };
  });
  const lastLine = yours?.[CANONICAL_PARTS.length - 1];
  const seconds = /^[0-9]{1,10}$/.test(timestamp) ? Number(timestamp) - Math.floor(nowMs / 1000) : null;
  return {
    canonicalString: canonical,
    lines,
    differingLines: lines.flatMap((line, i) => (line.differs ? [i + 1] : [])),
    bodySha256,
    yourBodySha256: lastLine?.startsWith('body-sha256:') ? lastLine.slice('body-sha256:'.length) : null,
    yourLineCount: yours ? yours.length : null,
    missingHeaders: SIGNATURE_HEADER_NAMES.filter((name) => !headers.get(name.toLowerCase())),
    clockSkewSeconds: seconds !== null && Math.abs(seconds) > CLOCK_WINDOW_SECONDS ? seconds : null,
  };
}
