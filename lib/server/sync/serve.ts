import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMIT_BYTES } from '@/lib/contract';
import { startRetentionIfDue } from '../audit';
import { EMBEDDED_BASE_URL, type Env } from '../env';
import { latestJob, startJob } from '../jobs';
import { existingProcess, processParts } from '../process';
import { createRelay } from './forward';
import { createRecorder } from './recorder';
import { syncLogRetentionJob } from './retention';
import { fetchUpstream, networkUpstream } from './upstream';

export interface ProcessRelay {
  /** Whether the relay answers this request target (else Next does). */
  handles(url: string | undefined): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Stores what is still queued (before the process closes its database). */
  flush(): Promise<void>;
}

/**
 * The relay of this process, for server.ts, or null when SYNC_RELAY is off. Its parts are the process's, installed
 * by Next's instrumentation (lib/server/runtime) and found through lib/server/process, so server.ts builds no
 * runtime of its own: the console database for the records, and in embedded mode the process's upstream
 * transport, which is the runtime's one embedded service's fetch handler (the same object app/v1 and the proxy
 * use; one PGlite folder, opened once). The ERP's signing headers reach it untouched: the relay signs nothing.
 * Remote mode: the network at UPSTREAM_BASE_URL, over node:http(s) so the request target stays as sent.
 */
export function processRelay(env: Env): ProcessRelay | null {
  if (!env.relay.enabled) return null;
  const recorder = createRecorder({
    db: () => processParts().consoleDb(),
    storedCallsPerMinute: env.relay.storedCallsPerMinute,
  });
  // Recording is when the log grows: then, at most once an hour here (once a day across instances, by the job's
  // own record), the retention job is started if due.
  let retentionLookedAt = 0;
  const retention = () => {
    if (Date.now() - retentionLookedAt < 3_600_000) return;
    retentionLookedAt = Date.now();
    void startRetentionIfDue(env.relay.retentionDays, {
      latest: () => latestJob(syncLogRetentionJob),
      start: (params) => startJob(syncLogRetentionJob, { params }),
    }).catch(() => {});
  };
  const upstream =
    env.upstream.mode === 'embedded'
      ? fetchUpstream((request) => processParts().upstreamTransport(request), EMBEDDED_BASE_URL)
      : networkUpstream(env.upstream.baseUrl);
  const relay = createRelay({
    upstream,
    timeoutMs: env.upstream.timeoutMs,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    record: (call) => {
      recorder.record(call);
      retention();
    },
  });
  // `/v1/…` in origin form. In embedded mode, until Next's instrumentation has installed the process's parts (the
  // embedded service among them), app/v1 answers as it does with the relay off; nothing is recorded meanwhile.
  const handles = (url: string | undefined) =>
    url !== undefined && url.startsWith('/v1/') && (env.upstream.mode === 'remote' || existingProcess() !== undefined);
  return { handles, handle: relay, flush: () => recorder.flush() };
}
