import 'server-only';
import { errorMessage } from '@/lib/i18n/error-messages';

/** The proxy's own refusals (shell agreement): JSON `{ error, message }`; the request never reached the service. */
export const REFUSALS = {
  unauthenticated: 401,
  forbidden: 403,
  operation_not_allowed: 404,
  bad_path: 400,
  payload_too_large: 413,
  upstream_timeout: 504,
  upstream_unreachable: 502,
  // A 2xx list or read whose body is not what lib/contract says (./response-check.ts): not passed on.
  invalid_response: 502,
  // The ERP-code lookup before a single create failed, so the create was not sent.
  code_check_failed: 503,
  // The credential's rate limit would have kept this person waiting over 2 s (upstream/rate-gate.ts): not sent.
  service_busy: 429,
  // The approval policy catches this quota change (lib/server/approvals): it needs a proposal, not a write.
  approval_required: 403,
  // The live values the policy needs could not be read, so the quota write was not sent.
  policy_check_failed: 503,
  // A save naming a History entry it restores that is not this record's (or none): the link would lie, so not sent.
  restore_not_this_record: 409,
} as const;

export type RefusalCode = keyof typeof REFUSALS;

/** Headers every proxy answer carries: never cached, never sniffed into something executable. */
export const SAFE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** `retryAfterMs`: when trying again makes sense (service_busy), as Retry-After and `retryAfter` in seconds. */
export function refuse(code: RefusalCode, retryAfterMs?: number): Response {
  if (retryAfterMs === undefined)
    return Response.json(
      { error: code, message: errorMessage(code) },
      { status: REFUSALS[code], headers: SAFE_RESPONSE_HEADERS },
    );
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return Response.json(
    { error: code, message: errorMessage(code), retryAfter },
    { status: REFUSALS[code], headers: { ...SAFE_RESPONSE_HEADERS, 'retry-after': String(retryAfter) } },
  );
}
