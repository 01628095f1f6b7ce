import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';

/**
 * Property checks against the OpenAPI document (service/openapi): fast-check arbitraries derived from the
 * document's JSON Schemas, and every answer checked against the document's schema for its status by Ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Neither the generator's shapes nor the answer's rules are
 * written by hand: both are read from the document.
 */
type Schema = Record<string, unknown>;
export type OpenApi = {
  paths: Record<string, Record<string, Schema>>;
  components: Record<string, Record<string, Schema>>;
};

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function resolve(doc: OpenApi, node: Schema): Schema {
  let current = node;
  while (typeof current.$ref === 'string') {
    const parts = (current.$ref as string).slice(2).split('/');
    current = parts.reduce<Schema>((at, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, doc);
  }
  return current;
}

/** An arbitrary of values valid for a JSON Schema (the subset zod emits): short strings, small numbers and ids. */
export function arbitraryOf(doc: OpenApi, node: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(doc, node);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => arbitraryOf(doc, s)));
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf(doc, { ...schema, type })));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.string({ maxLength: Math.min(Number(schema.maxLength ?? 12), 12) });
    case 'integer':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -3), -3),
        max: Math.min(Number(schema.maximum ?? 40), 40),
      });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 9_999_999, noNaN: true }));
    case 'array':
      return fc.array(arbitraryOf(doc, schema.items as Schema), {
        minLength: Number(schema.minItems ?? 0),
        maxLength: Math.min(Number(schema.maxItems ?? 3), 3),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const shape = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(doc, v)]));
      return fc.record(shape, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** A value of the wrong JSON type for any field: what the contract refuses with invalid_parameter. */
export const wrongType = fc.oneof(fc.constant({ nested: true }), fc.constant([1, 2]), fc.constant(true));

/** Checks an answer against the document: the operation's response for that status, its schema for that body. */
export function answerChecker(doc: OpenApi) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (method: string, template: string, status: number, contentType: string, body: unknown): string | null => {
    const responses = doc.paths[template]?.[method.toLowerCase()]?.responses as Record<string, Schema> | undefined;
    const declared = responses?.[String(status)];
    if (!declared) return `${method} ${template}: status ${status} is not in the document`;
    const response = resolve(doc, declared);
    const media = (response.content ?? {}) as Record<string, { schema: Schema }>;
    const type = contentType.split(';')[0]!.trim();
    const entry = media[type];
    if (!entry) return `${method} ${template} ${status}: content type ${type} is not in the document`;
    const key = `${method} ${template} ${status} ${type}`;
    let check = cache.get(key);
    if (!check) {
      const schema = JSON.parse(JSON.stringify(entry.schema).replace(/"#\/components\//g, '"openapi#/components/'));
      check = ajv.compile(schema);
      cache.set(key, check);
    }
    return check(body) ? null : `${key}: ${ajv.errorsText(check.errors)}`;
  };
}

export { pointer };
