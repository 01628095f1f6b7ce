import { signRequest } from '@/lib/signing';
import type { Service } from '@/service';
import { CREDS } from '@/service/testing/fixtures';
import type { RelayedCall } from '../sync';

/**
 * A POST the ERP sends with its own credential, answered by the reference service in-process, as the relay
 * would record it: what the relay's, the rejections' and the home's tests hand to recordRelayedCall.
 */
export async function erpPost(service: Service, path: string, body: unknown, at = new Date()): Promise<RelayedCall> {
  const text = JSON.stringify(body);
  const headers = await signRequest({ method: 'POST', pathAndQuery: path, body: text, ...CREDS.erp });
  const response = await service.fetch(
    new Request(`http://service.test${path}`, {
      method: 'POST',
      body: text,
      headers: { ...headers, 'content-type': 'application/json' },
    }),
  );
  return {
    source: 'relay',
    clientId: CREDS.erp.clientId,
    nonce: headers['X-Nonce']!,
    requestId: null,
    method: 'POST',
    pathAndQuery: path,
    receivedAt: at,
    durationMs: 3,
    addedMs: 0.2,
    status: response.status,
    requestBody: text,
    responseBody: await response.text(),
  };
}
