import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/contract';
import { buildOpenApiDocument } from '@/service/openapi/document';
import { referenceView } from './reference';

/** The reference page's reading of the OpenAPI document (issue 64, point 2): every operation, every limit. */
describe('referenceView', () => {
  const view = referenceView(readFileSync('service/openapi.json', 'utf8'));
  const operations = view.tags.flatMap((tag) => tag.operations);

  it('shows every operation of the contract once, under its tag, as the service builds the document', () => {
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual([...OPERATIONS].sort());
    expect(referenceView(JSON.stringify(buildOpenApiDocument()))).toEqual(view);
  });

  it('names a batch body as an array of its schema, linked, and the answers with their codes', () => {
    const batch = operations.find((op) => op.method === 'POST' && op.path === '/v1/companies/batch')!;
    expect(batch.body).toEqual({ text: 'CompanyWrite[]', ref: 'CompanyWrite' });
    const answer = (status: string) => batch.answers.find((a) => a.status === status);
    expect(answer('200')?.type).toEqual({ text: 'CompanyWriteBatchResult', ref: 'CompanyWriteBatchResult' });
    // A shared answer (components.responses) is read through its $ref.
    expect(answer('401')?.description).toMatch(/signature/i);
  });

  it('lists a schema’s fields with their type, whether required, and the limits the service checks', () => {
    const write = view.schemas.find((s) => s.name === 'CompanyWrite')!;
    const name = write.fields.find((f) => f.name === 'name')!;
    expect(name.type.text).toContain('string');
    expect(name.limits.some((limit) => limit.startsWith('maxLength '))).toBe(true);
    const list = operations.find((op) => op.method === 'GET' && op.path === '/v1/companies')!;
    expect(list.parameters.find((p) => p.name === 'outerSysCode')).toMatchObject({ in: 'query', required: false });
  });
});
