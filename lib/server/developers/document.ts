import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OPENAPI_PATH } from '@/lib/contract';
import type { ReferenceView } from '@/lib/contract/console/reference';
import { referenceView } from './reference';

/**
 * The OpenAPI document as committed (service/openapi.json, which a test holds equal to the one the service builds
 * from its schemas and serves at /v1/openapi.json), read into what the reference page draws. The page is drawn on
 * the server, so the browser fetches nothing for it: it works whether this console embeds the service, relays to
 * it, or reaches a remote upstream it does not relay. Read once per process.
 */
let reference: Promise<ReferenceView> | undefined;
export function readReference(): Promise<ReferenceView> {
  reference ??= readFile(join(process.cwd(), 'service', 'openapi.json'), 'utf8').then(referenceView);
  return reference;
}

/** Where the same document is downloaded from this console's /v1 (embedded, or relayed). */
export const DOCUMENT_URL = OPENAPI_PATH;
