import { endpoint, json } from './endpoint';

/** For load balancers and monitoring: no session. Health and readiness are public; metrics need the token. */
export const opsApi = {
  health: endpoint({ method: 'GET', path: '/api/health', access: { kind: 'public' }, answer: json<{ status: 'ok' }>() }),
  /** 503 with the same body when a check fails. */
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    access: { kind: 'public' },
    answer: json<{ status: 'ready' | 'not_ready'; checks: Record<string, unknown> }>(),
  }),
  /** Prometheus text for `Authorization: Bearer <METRICS_TOKEN>`; without a configured token, not found. */
  metrics: endpoint({ method: 'GET', path: '/api/metrics', access: { kind: 'token' }, answer: json<string>() }),
};
