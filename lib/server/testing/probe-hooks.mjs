// Module hooks for telemetry-probe.ts: reports every module URL the ES module loader resolves, over the port it is
// given.
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage(result.url);
  return result;
}
