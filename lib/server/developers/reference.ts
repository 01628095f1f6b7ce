import 'server-only';
import { z } from 'zod';
import type { FieldView, OperationView, ReferenceView, TypeView } from '@/lib/contract/console/reference';

/**
 * The OpenAPI document read into what the reference page draws: operations by tag with their parameters, body and
 * answers, and the named schemas with their properties. Loose on purpose (z.looseObject): the document is the
 * service's own (service/openapi.json, validated as OpenAPI 3.1 by its own test), and this reads only what it shows.
 */
const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    description: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    items: jsonSchema.optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    pattern: z.string().optional(),
  }),
);
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const content = z.record(z.string(), z.looseObject({ schema: jsonSchema.optional() })).optional();
const answer = z.looseObject({ $ref: z.string().optional(), description: z.string().optional(), content });
const operation = z.looseObject({
  operationId: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: jsonSchema.optional(),
      }),
    )
    .default([]),
  requestBody: z.looseObject({ required: z.boolean().optional(), content }).optional(),
  responses: z.record(z.string(), answer),
});
const openApi = z.looseObject({
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).default([]),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({
    schemas: z.record(z.string(), jsonSchema).default({}),
    responses: z.record(z.string(), answer).default({}),
  }),
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

export function typeOf(schema: JsonSchema | undefined): TypeView {
  if (!schema) return { text: 'any', ref: null };
  if (schema.$ref) return { text: refName(schema.$ref), ref: refName(schema.$ref) };
  if (schema.enum) return { text: schema.enum.map((v) => JSON.stringify(v)).join(' | '), ref: null };
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const parts = union.map(typeOf);
    return { text: parts.map((p) => p.text).join(' | '), ref: parts.find((p) => p.ref)?.ref ?? null };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const parts = types.map((type) => {
    if (type === 'array') return { text: `${typeOf(schema.items).text}[]`, ref: typeOf(schema.items).ref };
    return { text: schema.format ? `${type} (${schema.format})` : type, ref: null };
  });
  return parts.length ? { text: parts.map((p) => p.text).join(' | '), ref: parts[0]!.ref } : { text: 'any', ref: null };
}

const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern'] as const;
/** The limits of a schema, and of each branch of its union (`string` up to 50, or `null`). */
function limitsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = LIMITS.flatMap((key) => (schema[key] === undefined ? [] : [`${key} ${String(schema[key])}`]));
  return [...own, ...(schema.anyOf ?? schema.oneOf ?? []).flatMap(limitsOf)];
}

function field(name: string, schema: JsonSchema | undefined, required: boolean, description?: string): FieldView {
  return {
    name,
    type: typeOf(schema),
    required,
    description: description ?? schema?.description ?? '',
    limits: limitsOf(schema),
  };
}

function bodyType(c: z.infer<typeof content>): TypeView | null {
  const schema = c?.['application/json']?.schema;
  return schema ? typeOf(schema) : null;
}

/** The document as the page draws it, operations in the document's order under their first tag. */
export function referenceView(text: string): ReferenceView {
  const doc = openApi.parse(JSON.parse(text));
  const sharedAnswers = doc.components.responses;
  const operations: (OperationView & { tag: string })[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      const op = operation.parse(item[method]);
      operations.push({
        id: op.operationId,
        tag: op.tags[0] ?? '',
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        parameters: op.parameters.map((p) => ({
          ...field(p.name, p.schema, p.required ?? false, p.description),
          in: p.in,
        })),
        body: op.requestBody ? bodyType(op.requestBody.content) : null,
        answers: Object.entries(op.responses).map(([status, a]) => {
          const shared = a.$ref ? sharedAnswers[refName(a.$ref)] : undefined;
          const resolved = shared ?? a;
          return { status, description: resolved.description ?? '', type: bodyType(resolved.content) };
        }),
      });
    }
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? '',
    tags: doc.tags.map((tag) => ({
      name: tag.name,
      description: tag.description ?? '',
      operations: operations.filter((op) => op.tag === tag.name),
    })),
    schemas: Object.entries(doc.components.schemas).map(([name, schema]) => ({
      name,
      description: schema.description ?? '',
      fields: Object.entries(schema.properties ?? {}).map(([key, property]) =>
        field(key, property, schema.required?.includes(key) ?? false),
      ),
    })),
  };
}
