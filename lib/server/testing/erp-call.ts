import { signRequest } from '@/lib/signing';
import type { Service } from '@/service';
import { CREDS } from '@/service/testing/fixtures';
import type { RelayedCall } from '../sync';

/**
 * A request the ERP sends with its own credential, answered by the reference service in-process, as the relay
 * would record it (bodies as text), with the signing headers it went with so that a test can replay it.
 */
export async function erpCall(
  service: Service,
  method: string,
  path: string,
  body: unknown,
  at = new Date(),
): Promise<{ call: RelayedCall; headers: Record<string, string> }> {
  const text = JSON.stringify(body);
  const headers = await signRequest({ method, pathAndQuery: path, body: text, ...CREDS.erp });
  const response = await service.fetch(
    new Request(`http://service.test${path}`, {
      method,
      body: text,
      headers: { ...headers, 'content-type': 'application/json' },
    }),
  );
  const call: RelayedCall = {
    source: 'relay',
    clientId: CREDS.erp.clientId,
    nonce: headers['X-Nonce']!,
    requestId: null,
    method,
    pathAndQuery: path,
    receivedAt: at,
    durationMs: 3,
    addedMs: 0.2,
    status: response.status,
    requestBody: text,
    responseBody: await response.text(),
  };
  return { call, headers };
}

/** A POST through erpCall: what the relay's, the rejections' and the home's tests hand to recordRelayedCall. */
export async function erpPost(service: Service, path: string, body: unknown, at = new Date()): Promise<RelayedCall> {
  return (await erpCall(service, 'POST', path, body, at)).call;
}
