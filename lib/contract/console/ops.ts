import { endpoint, json } from './endpoint';

/**
 * The mirror in /api/ready: its lag is the seconds since the last complete pass began (the copy holds every
 * change made before it), per entity and the worst; `pending` until every entity's first copy is complete
 * (lists read live meanwhile); `unknown` when its state could not be read in time.
 */
export type MirrorCheck =
  | { status: 'off' | 'unknown' }
  | {
      status: 'ok' | 'degraded' | 'pending';
      lagS: number | null;
      intervalS: number;
      entities: Record<string, number | null>;
    };

/**
 * /api/ready's body. `ready` and `degraded` (the mirror lags past list-read STALE_INTERVALS: alert, but keep routing) answer 200; `not_ready`
 * answers 503, with `reason: 'stopping'` once the process got SIGTERM.
 */
export interface ReadyAnswer {
  status: 'ready' | 'degraded' | 'not_ready';
  reason?: 'stopping';
  checks: Record<string, unknown>;
}

/** For load balancers and monitoring: no session. Health and readiness are public; metrics need the token. */
export const opsApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: { kind: 'public' },
    answer: json<{ status: 'ok' }>(),
  }),
  /** 503 with the same body when a check fails or the process is stopping; see ReadyAnswer. */
  ready: endpoint({ method: 'GET', path: '/api/ready', access: { kind: 'public' }, answer: json<ReadyAnswer>() }),
  /** Prometheus text for `Authorization: Bearer <METRICS_TOKEN>`; without a configured token, not found. */
  metrics: endpoint({ method: 'GET', path: '/api/metrics', access: { kind: 'token' }, answer: json<string>() }),
};
