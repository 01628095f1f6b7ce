import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, register as promRegister } from 'prom-client';

/**
 * The console's Prometheus metrics (served at /api/metrics). Counters and histograms are updated where the
 * thing happens; job backlog and database pool use are read when scraped (./scrape.ts). One registry per
 * process module graph: the route handlers that count and the route that serves share it.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'console_' });

// Metrics are made through these two so each lands in the console's registry, not prom-client's global one.

/** A counter, by the labels named (none: one figure). */
function counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** A gauge by one label, emptied and filled by `collect` when scraped. */
export function scrapedGauge<L extends string>(
  name: string,
  help: string,
  label: L,
  collect: () => Promise<void>,
): Gauge<L> {
  return new Gauge({ name, help, labelNames: [label], registers: [registry], collect });
}

export const proxyDuration = new Histogram({
  name: 'console_proxy_request_duration_seconds',
  help: 'Time the signing proxy took to answer, by /v1 operation (or "none" when refused before one was known) and status.',
  labelNames: ['operation', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** timeout: no answer in time; unreachable: no connection; 5xx; refused_signature: a 401; skew: a 401 the clock explained. */
export type UpstreamErrorKind = 'timeout' | 'unreachable' | '5xx' | 'refused_signature' | 'skew';

export const upstreamErrors = counter(
  'console_upstream_errors_total',
  'Upstream calls (proxy and jobs) that failed, by kind: timeout, unreachable, 5xx, refused_signature (401), skew (a 401 the clock explained, retried once).',
  ['kind'],
);

export const upstreamRateLimited = counter(
  'console_upstream_rate_limited_total',
  'Upstream answers 429 rate_limited (proxy and jobs, each attempt), by /v1 operation.',
  ['operation'],
);

export const signInFailures = counter(
  'console_sign_in_failures_total',
  'Sign-ins refused for a wrong email or password.',
);

export const signInLimited = counter(
  'console_sign_in_limited_total',
  'Sign-ins refused by a limit, by limit: address (wrong passwords from one client address) or account (paused account).',
  ['limit'],
);

export function countUpstreamError(kind: UpstreamErrorKind): void {
  upstreamErrors.inc({ kind });
}

/** A 429 from the upstream: the request was not processed (its operation as the contract names it). */
export function countRateLimited(operation: string): void {
  upstreamRateLimited.inc({ operation });
}

/**
 * The relay runs in server.ts's module graph, before Next, and /api/metrics is served from a route bundle: two
 * copies of this module, each with its own `registry`. prom-client itself is one copy per process (external to
 * the bundles, next.config.ts), so the relay's counters live in its default registry, made by whichever copy comes
 * first and found by the other; the endpoint serves that registry beside the console's.
 */
function processWideCounter(name: string, help: string): Counter<'reason'> {
  return (
    (promRegister.getSingleMetric(name) as Counter<'reason'> | undefined) ??
    new Counter({ name, help, labelNames: ['reason'] as const, registers: [promRegister] })
  );
}

const relayRecordsMissed = processWideCounter(
  'console_relay_records_missed_total',
  'Relayed /v1 calls whose record was not stored (their answers went back), by reason: database (the console database refused or was down) or queue_full (it was too slow for too long).',
);

export function countRelayRecordMissed(reason: 'database' | 'queue_full', calls = 1): void {
  relayRecordsMissed.inc({ reason }, calls);
}

const relayCallsCounted = processWideCounter(
  'console_relay_calls_counted_total',
  'Relayed /v1 calls counted instead of stored one row each, by reason: refused (the upstream refused the call as a whole: unsigned, wrong signature, unknown client, rate limited, too large) or over_cap (beyond SYNC_LOG_CALLS_PER_MINUTE for its client and minute, carrying no item that did not apply).',
);

export function countRelayCallsCounted(reason: 'refused' | 'over_cap', calls: number): void {
  relayCallsCounted.inc({ reason }, calls);
}

/** The console's metrics and the process-wide ones (the relay's), as one text. */
export function allMetrics(): Registry {
  return Registry.merge([registry, promRegister]);
}
