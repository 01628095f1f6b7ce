import 'server-only';
import { LISTS } from '@/lib/contract/endpoints';
import { errorMessage } from '@/lib/i18n/error-messages';
import type { Env } from '../env';
import type { ClockSkew } from './skew';

/** A skew above this is shown as a warning: the upstream refuses timestamps beyond 300 s. */
export const SKEW_WARNING_MS = 60_000;
export const SKEW_FATAL_MS = 300_000;

export type SkewLevel = 'ok' | 'warning' | 'fatal' | 'unknown';

export function skewLevel(skewMs: number | null): SkewLevel {
  if (skewMs === null) return 'unknown';
  const abs = Math.abs(skewMs);
  if (abs > SKEW_FATAL_MS) return 'fatal';
  if (abs > SKEW_WARNING_MS) return 'warning';
  return 'ok';
}

/** The skew the client's signed timestamps carry once its adopted offset is applied, and its grade. */
export function skewVerdict(observedMs: number | null, adoptedOffsetMs: number): UpstreamStatus['skew'] {
  const effectiveMs = observedMs === null ? null : observedMs - adoptedOffsetMs;
  return { observedMs, effectiveMs, level: skewLevel(effectiveMs), adoptedOffsetMs };
}

export interface UpstreamStatus {
  mode: 'embedded' | 'remote';
  /** The configured base URL (remote), or null in embedded mode. Never the secret. */
  baseUrl: string | null;
  clientId: string;
  timeoutMs: number;
  probe: {
    /** True when an HTTP answer came back, whatever its status. */
    reachable: boolean;
    /** True when the probe was answered 2xx: signing and credential work. */
    ok: boolean;
    status: number | null;
    /** Error code of a failed probe (upstream code, or upstream_timeout / upstream_unreachable). */
    code: string | null;
    message: string | null;
    latencyMs: number | null;
  };
  skew: {
    /** Upstream clock minus ours, from the probe's Date header; null without one (embedded has none). */
    observedMs: number | null;
    /**
     * How far the timestamps the console actually sends are off: observedMs minus the adopted offset. The
     * verdict (level) is judged on this, so it agrees with what calls do.
     */
    effectiveMs: number | null;
    level: SkewLevel;
    /** The offset the upstream client adopted after a 401, added to every X-Timestamp. */
    adoptedOffsetMs: number;
  };
  checkedAt: string;
}

export const STATUS_PROBE = `${LISTS.productCategories.path}?pageSize=1`;

interface ProbeClient {
  send(input: { method: string; pathAndQuery: string; bodyBytes: null; signal: AbortSignal }): Promise<Response>;
  skew: { snapshot(): ClockSkew };
}

function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return 'upstream_unreachable';
}

/**
 * One signed probe of the upstream (`GET /v1/product-categories?pageSize=1`): reachability, latency, and the
 * clock skew read from its Date header (measured against the middle of the round trip).
 */
export async function readUpstreamStatus(
  env: Pick<Env, 'upstream'>,
  client: ProbeClient,
  now: () => number = Date.now,
): Promise<UpstreamStatus> {
  const { upstream } = env;
  const started = now();
  const t0 = performance.now();
  let probe: UpstreamStatus['probe'];
  let observedMs: number | null = null;
  // The client has its own timeout; this one only bounds a sender that ignores it.
  const deadline = AbortSignal.timeout(upstream.timeoutMs + 1_000);
  try {
    const response = await client.send({
      method: 'GET',
      pathAndQuery: STATUS_PROBE,
      bodyBytes: null,
      signal: deadline,
    });
    const text = await response.text();
    const latencyMs = performance.now() - t0;
    const date = response.headers.get('date');
    const upstreamMs = date ? Date.parse(date) : Number.NaN;
    // Date has whole-second resolution; compare it with the midpoint of the round trip.
    if (!Number.isNaN(upstreamMs)) observedMs = upstreamMs - (started + latencyMs / 2);
    let code: string | null = null;
    if (!response.ok) {
      try {
        const body = JSON.parse(text) as { error?: unknown; code?: unknown; detail?: unknown };
        const found = [body.error, body.code, body.detail].find((v) => typeof v === 'string');
        code = typeof found === 'string' ? found : `http_${response.status}`;
      } catch {
        code = `http_${response.status}`;
      }
    }
    probe = {
      reachable: true,
      ok: response.ok,
      status: response.status,
      code,
      message: code ? errorMessage(code) : null,
      latencyMs,
    };
  } catch (error) {
    const code = deadline.aborted || codeOf(error) === 'upstream_timeout' ? 'upstream_timeout' : 'upstream_unreachable';
    probe = { reachable: false, ok: false, status: null, code, message: errorMessage(code), latencyMs: null };
  }
  return {
    mode: upstream.mode,
    baseUrl: upstream.mode === 'remote' ? upstream.baseUrl : null,
    clientId: upstream.clientId,
    timeoutMs: upstream.timeoutMs,
    probe,
    skew: skewVerdict(observedMs, client.skew.snapshot().adoptedOffsetMs),
    checkedAt: new Date(now()).toISOString(),
  };
}
