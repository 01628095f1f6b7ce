/**
 * Runs once when a console server starts. The Node-only part lives in its own file so that the Edge build
 * of this hook never sees it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Traces only when an operator asks for them (OTEL_EXPORTER_OTLP_ENDPOINT): the OpenTelemetry SDK is imported
    // here, on demand, and started before anything else so Next's own spans and the console's are exported.
    // Unset, no SDK module is loaded at all.
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
      const { startTracingOrExit } = await import('./lib/server/startup');
      await startTracingOrExit('web');
    }
    await import('./instrumentation-node');
  }
}
