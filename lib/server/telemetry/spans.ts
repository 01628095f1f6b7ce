import 'server-only';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapSetter,
} from '@opentelemetry/api';

/**
 * Spans through the OpenTelemetry API only. The API is a facade: until the SDK is started (./tracing.ts, only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set) every span here is a no-op that records nothing, and nothing is sent.
 * The API keeps its tracer provider, context manager and propagator on a process-wide registry, so the SDK started
 * in Next's instrumentation bundle is the one the route bundles, the jobs and the mirror use.
 */

const TRACER = 'master-data-console';

/** The console's request id (X-Request-Id), the one its log lines, the upstream and the browser see. */
export const REQUEST_ID_ATTRIBUTE = 'console.request_id';

export { SpanKind, type Attributes, type Span };

export interface SpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
}

/** Runs `fn` inside a new active span, ended when it settles; a throw marks the span failed and is re-thrown. */
export function withSpan<T>(name: string, fn: (span: Span) => Promise<T>, options: SpanOptions = {}): Promise<T> {
  const tracer = trace.getTracer(TRACER);
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span failed with the error's name and message (never its cause, which may hold a request). */
export function failSpan(span: Span, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.recordException(error instanceof Error ? error : message);
}

/** Marks a span failed with a plain reason (a 4xx or 5xx answer, not a thrown error). */
export function failSpanWith(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** Sets an attribute on the span active here (Next's own span for a route), when there is one. */
export function annotateActiveSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

const headerSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

/**
 * Adds the active span's W3C `traceparent` (and `tracestate` when there is one) to outgoing headers. Nothing when
 * tracing is off: the API's default propagator writes nothing.
 */
export function injectTraceContext(headers: Headers): void {
  propagation.inject(context.active(), headers, headerSetter);
}

/**
 * Sends the spans still queued in this process, within `timeoutMs`: called on the way out, since the SDK's batch
 * processor sends every few seconds and a stopping process would otherwise lose its last ones. Nothing to do
 * when tracing is off.
 */
export async function flushTraces(timeoutMs = 2_000): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = provider.getDelegate?.() as { forceFlush?: () => Promise<void> } | undefined;
  if (typeof delegate?.forceFlush !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  await Promise.race([delegate.forceFlush().catch(() => {}), late]);
  clearTimeout(timer);
}
