import 'server-only';
import { PEOPLE_WAIT_MAX_MS } from '@/lib/contract';
import { getEnv } from '../env';
import { createUpstreamClient, type FetchImpl, type Priority, type UpstreamClient } from '../upstream';
import { processParts } from './slot';

/**
 * The signing clients, built by each bundle for itself on the process's transports and skew estimate: their
 * errors (ApiError) are checked with instanceof by code of the same bundle, so a bundle must not be handed
 * another bundle's copy. Plain module variables, therefore: one per bundle.
 */
let upstream: UpstreamClient | undefined;
let jobsUpstream: UpstreamClient | undefined;
let mirrorUpstream: UpstreamClient | undefined;

/**
 * A signing client from the validated env over `transport`: the network, or (embedded mode) the in-process
 * reference service behind the placeholder base URL `http://embedded.invalid`, so nothing leaves the process.
 * The host comes from configuration only, never from a request; the clock-skew estimate is the process's.
 */
function envUpstream(transport: FetchImpl, priority: Priority): UpstreamClient {
  const env = getEnv().upstream;
  const gate = processParts().rateGate();
  return createUpstreamClient({
    gate: { admit: (signal) => gate.admit(priority, signal), observe: (response) => gate.observe(response) },
    // A 429 was not processed: a job waits Retry-After and sends again for as long as it runs (up to the
    // ceiling), while a person's read waits at most as long as a page may (lib/contract/rate-limit.ts).
    retry:
      priority !== 'people'
        ? { rateLimitedAttempts: Infinity, maxRetryAfterMs: env.retryAfterMaxMs }
        : { maxRetryAfterMs: PEOPLE_WAIT_MAX_MS },
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    timeoutMs: env.timeoutMs,
    batchSize: env.batchSize,
    batchConcurrency: env.batchConcurrency,
    skew: processParts().skew,
    fetch: transport,
  });
}

/** The console's upstream client for requests (the proxy, server-rendered reads). */
export function getUpstream(): UpstreamClient {
  upstream ??= envUpstream(processParts().upstreamTransport, 'people');
  return upstream;
}

/** The signing client the jobs use (behind the process's jobs limit), also for a route reading on a job's behalf. */
export function getJobsUpstream(): UpstreamClient {
  jobsUpstream ??= envUpstream(processParts().jobsTransport(), 'jobs');
  return jobsUpstream;
}

/** The mirror passes' signing client: the jobs' transport, its turn after the jobs' (upstream/rate-gate.ts). */
export function getMirrorUpstream(): UpstreamClient {
  mirrorUpstream ??= envUpstream(processParts().jobsTransport(), 'mirror');
  return mirrorUpstream;
}

/** Which upstream a job's data belongs to: the same console pointed elsewhere starts a separate history. */
export function currentTenant(): string {
  const { upstream: env } = getEnv();
  return `${env.clientId}@${env.baseUrl}`;
}
