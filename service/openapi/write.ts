import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './document';

/** `npm run openapi`: writes service/openapi.json, the committed copy a test compares with the generated one. */
export const OPENAPI_FILE = 'service/openapi.json';

export function serialiseDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (process.argv[1]?.endsWith('write.ts')) {
  writeFileSync(OPENAPI_FILE, serialiseDocument());
  console.log(`wrote ${OPENAPI_FILE}`);
}
