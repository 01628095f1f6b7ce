import 'server-only';
import { diag, DiagLogLevel, type DiagLogFunction } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { logger } from '../log';

/**
 * The OpenTelemetry SDK, loaded only by startTracing (./tracing.ts). The exporter reads the standard variables
 * itself: OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is appended) or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
 * OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TIMEOUT; the batch processor OTEL_BSP_*; the sampler
 * OTEL_TRACES_SAMPLER (by default every trace, or as the incoming traceparent says); the resource OTEL_SERVICE_NAME
 * and OTEL_RESOURCE_ATTRIBUTES. It sends OTLP over HTTP with JSON bodies.
 */
export function startSdk(role: 'web' | 'worker'): void {
  // The SDK's own complaints (a collector that refuses or cannot be reached) go to the console's log as warnings.
  const log =
    (level: 'warn' | 'error'): DiagLogFunction =>
    (message, ...args) =>
      logger()[level]({ source: 'telemetry', detail: args.map(String).join(' ') || undefined }, message);
  const quiet: DiagLogFunction = () => {};
  diag.setLogger(
    { error: log('error'), warn: log('warn'), info: quiet, debug: quiet, verbose: quiet },
    DiagLogLevel.WARN,
  );

  // The console's name, unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise (the later one wins).
  const resource = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: 'master-data-console',
    'console.process': role,
  }).merge(detectResources({ detectors: [envDetector] }));

  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Installs the provider, an AsyncLocalStorage context manager and the W3C trace-context propagator process-wide.
  provider.register();
}
