import 'server-only';

/**
 * Whether this process exports traces: OTEL_EXPORTER_OTLP_ENDPOINT (or the traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set and OTEL_SDK_DISABLED is not `true`, as OpenTelemetry's own SDKs read
 * them. Read from process.env directly: the instrumentation hook decides before the console's env module loads.
 */
export function tracesWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(endpointOf(env));
}

function endpointOf(env: NodeJS.ProcessEnv): string | undefined {
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined;
}

export class TracingConfigError extends Error {}

/**
 * Starts exporting this process's spans over OTLP/HTTP when tracesWanted(); otherwise does nothing and loads no
 * OpenTelemetry SDK module (the SDK is imported here, dynamically, and nowhere else). Throws TracingConfigError
 * naming the variable when the endpoint is not an http(s) URL.
 */
export async function startTracing(role: 'web' | 'worker'): Promise<boolean> {
  if (!tracesWanted()) return false;
  const endpoint = endpointOf(process.env)!;
  const name = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
    ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
    : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  let protocol = '';
  try {
    protocol = new URL(endpoint).protocol;
  } catch {
    // Reported below.
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TracingConfigError(`${name}: must be an http:// or https:// URL (the collector's OTLP/HTTP address)`);
  }
  const { startSdk } = await import('./sdk');
  startSdk(role);
  return true;
}
