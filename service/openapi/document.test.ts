import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/contract';
import { createService } from '../app';
import { testSeed } from '../testing/fixtures';
import { buildOpenApiDocument } from './document';
import { OPENAPI_FILE, serialiseDocument } from './write';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The operations of the document, as `METHOD /path`. */
function documentOperations(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => METHODS.includes(k))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/**
 * The spec's operations: the numbered table "Operations in detail" and the list of operations that exist by name
 * (docs/spec/master-data-api.md, a copy of the shared reference).
 */
function specOperations(): string[] {
  const spec = readFileSync('docs/spec/master-data-api.md', 'utf8');
  const table = [...spec.matchAll(/^\| \d+ \| (GET|POST|PUT) (\/v1\/[^ |]+) \|/gm)].map((m) => `${m[1]} ${m[2]}`);
  const named =
    /^Operations that exist by name but whose method, payload and response are not shown: (.+)\. The retired/m.exec(
      spec,
    );
  const rest = named![1]!.split(', ').map((op) => op.replace(/ \(.*\)$/, ''));
  return [...table, ...rest];
}

describe('the OpenAPI document of /v1', () => {
  const doc = buildOpenApiDocument() as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it('lists every operation of the spec, no more', () => {
    const spec = specOperations();
    expect(spec).toHaveLength(34);
    expect(documentOperations(doc).sort()).toEqual([...spec].sort());
    expect(documentOperations(doc).sort()).toEqual([...OPERATIONS].sort());
  });

  it('equals the committed service/openapi.json (run `npm run openapi` after changing a schema)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(serialiseDocument());
  });

  it('is OpenAPI 3.1 with the signing scheme, and names the contract’s codes', () => {
    expect(doc.openapi).toBe('3.1.0');
    const text = JSON.stringify(doc);
    for (const code of [
      'invalid_updated_since',
      'company not found',
      'company_not_found',
      'last_active_admin',
      'empty_batch',
      'rate_limited',
    ])
      expect(text).toContain(code);
    expect(text).toContain('body-sha256:');
  });

  it('is served unsigned at GET /v1/openapi.json, and every other path still needs a signature', async () => {
    const service = await createService({ memory: true, seed: testSeed() });
    try {
      const res = await service.fetch(new Request('http://service.test/v1/openapi.json'));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(JSON.parse(serialiseDocument()));
      const other = await service.fetch(new Request('http://service.test/v1/companies'));
      expect(other.status).toBe(401);
    } finally {
      await service.close();
    }
    // A fresh service migrates and seeds a database first: slow on a loaded machine.
  }, 120_000);
});
