import 'server-only';

// The public face of lib/server/telemetry: OpenTelemetry traces (spans through the API, the SDK started on demand).
export {
  annotateActiveSpan,
  failSpan,
  failSpanWith,
  flushTraces,
  injectTraceContext,
  REQUEST_ID_ATTRIBUTE,
  SpanKind,
  withSpan,
  type Attributes,
  type Span,
} from './spans';
export { startTracing, tracesWanted, TracingConfigError } from './tracing';
