import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from './write';

/**
 * The document validates as OpenAPI 3.1 by a validator we did not write (the OpenAPI schema and its rules). The
 * committed file is read: document.test.ts holds it equal to the generated one.
 */
describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(OPENAPI_FILE);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});
