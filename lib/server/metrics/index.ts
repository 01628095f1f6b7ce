import 'server-only';

// The public face of lib/server/metrics: other folders import from here, not from its files.
export { metricsEndpoint } from './endpoint';
export {
  countRateLimited,
  countRelayCallsCounted,
  countRelayRecordMissed,
  countUpstreamError,
  proxyDuration,
  signInFailures,
  signInLimited,
} from './metrics';
