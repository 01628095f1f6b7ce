import { z } from 'zod';
import {
  BATCH_MAX_ITEMS,
  BODY_LIMIT_BYTES,
  errorBody,
  LIST_FILTERS,
  listEnvelope,
  OPERATIONS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  problemDetails,
  serverErrorBody,
  type FilterKind,
  type OperationId,
} from '@/lib/contract';
import { OPERATION_DOCS, type OperationDoc } from './operations';
import { INFO_DESCRIPTION, SIGNATURE_DESCRIPTION } from './words';

/**
 * The OpenAPI 3.1 document of /v1, generated from the zod schemas in lib/contract that the service validates
 * requests with (zod 4's JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is). One source: the
 * validation and the document cannot disagree. Served unsigned at GET /v1/openapi.json and committed as
 * service/openapi.json (`npm run openapi` writes it; a test compares the two).
 */
type Json = Record<string, unknown>;

/** A schema as JSON Schema: requests as the service reads them (input), answers as it writes them (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

const FILTER_SCHEMAS: Record<FilterKind, Json> = {
  substring: { type: 'string', description: 'Case-insensitive substring; `%`, `_` and `\\` are literal.' },
  exact: { type: 'string', description: 'Exact, case-sensitive.' },
  id: { type: 'integer', format: 'int64', description: 'Exact id. An integer no record can have matches nothing.' },
  datetime: {
    type: 'string',
    format: 'date-time',
    description:
      'ISO-8601 with Z or an offset; records modified at or after it (inclusive). A time that does not exist is invalid_updated_since. Encode `+` as `%2B`.',
  },
};

function listParameters(doc: OperationDoc): Json[] {
  const filters = Object.entries(LIST_FILTERS[doc.list!] as Record<string, FilterKind>).map(([name, kind]) => ({
    name,
    in: 'query',
    required: false,
    schema: FILTER_SCHEMAS[kind],
  }));
  return [
    ...filters,
    {
      name: 'page',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1 },
    },
    {
      name: 'pageSize',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
    },
  ];
}

const ID_PARAMETER = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    'The record id. An id that is missing, another tenant’s, or that no record can have (0, −5, 2^63) answers 404.',
  schema: { type: 'integer', format: 'int64' },
};

function errorResponse(description: string, codes: string[]): Json {
  const examples = Object.fromEntries(
    codes.map((code) => [code.replace(/[^A-Za-z0-9_.-]/g, '_'), { value: { error: code } }]),
  );
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    content: { 'application/json': { schema: ref('Error'), ...(codes.length ? { examples } : {}) } },
  };
}

function responses(id: OperationId, doc: OperationDoc, schemas: Json): Json {
  const out: Json = {};
  for (const [status, answer] of Object.entries(doc.ok)) {
    const name = doc.list ? `${answer.name}List` : answer.name;
    if (!schemas[name]) {
      const schema = doc.list
        ? listEnvelope(answer.schema)
        : doc.body?.batch
          ? z.object({ items: z.array(answer.schema) })
          : answer.schema;
      schemas[name] = jsonSchema(schema, 'output');
    }
    out[status] = { description: answer.description, content: json(ref(name)) };
  }
  const bad = ['invalid_parameter'];
  if (doc.list) bad.push('invalid_page', 'invalid_page_size');
  if (doc.list && 'updatedSince' in LIST_FILTERS[doc.list]) bad.push('invalid_updated_since');
  if (doc.body?.batch) bad.push('empty_batch', 'batch_too_large');
  out[400] = errorResponse(
    doc.body?.batch
      ? 'The request as a whole was refused (items fail inside a 200 instead).'
      : 'Refused; nothing was written.',
    [...bad, ...(doc.errors ?? [])],
  );
  out[401] = { $ref: '#/components/responses/Unauthorized' };
  out[403] = errorResponse('The credential is not enabled for this operation. Checked before any lookup.', [
    'forbidden',
  ]);
  if (doc.notFound) {
    out[404] = doc.notFound.problem
      ? {
          description: `Missing or another tenant’s (indistinguishable). Problem details; \`detail\` is \`${doc.notFound.code}\` and \`instance\` the request path.`,
          content: { 'application/problem+json': { schema: ref('ProblemDetails') } },
        }
      : errorResponse('Missing or another tenant’s (indistinguishable).', [doc.notFound.code]);
  }
  if (doc.conflict)
    out[409] = errorResponse('The write would leave the tenant without a loginable administrator.', [doc.conflict]);
  if (doc.body)
    out[413] = errorResponse(`The body is over ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.`, ['payload_too_large']);
  out[429] = { $ref: '#/components/responses/RateLimited' };
  out[500] = { $ref: '#/components/responses/ServerError' };
  void id;
  return out;
}

function requestBody(doc: OperationDoc, schemas: Json): Json | undefined {
  if (!doc.body) return undefined;
  const { name, batch } = doc.body;
  if (!schemas[name]) schemas[name] = jsonSchema(doc.body.schema, 'input');
  const schema = batch ? { type: 'array', minItems: 1, maxItems: BATCH_MAX_ITEMS, items: ref(name) } : ref(name);
  return { required: true, content: json(schema) };
}

function operation(id: OperationId, schemas: Json): Json {
  const doc = OPERATION_DOCS[id];
  const itemErrors = doc.itemErrors?.length
    ? `\n\nAn item fails with: ${doc.itemErrors.map((c) => `\`${c}\``).join(', ')}. One failing item never fails the others.`
    : '';
  const body = requestBody(doc, schemas);
  return {
    operationId: id.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    summary: doc.summary,
    description: `Operation id \`${id}\` (for credential permissions).${doc.description ? `\n\n${doc.description}` : ''}${itemErrors}`,
    tags: [doc.tag],
    parameters: [...(id.includes('{id}') ? [ID_PARAMETER] : []), ...(doc.list ? listParameters(doc) : [])],
    ...(body ? { requestBody: body } : {}),
    responses: responses(id, doc, schemas),
  };
}

/** The reference's sections, in the order an integrator meets them (Redocly's lint asks each for a description). */
const TAGS = [
  { name: 'Companies', description: 'Customers (companies in the path): upserted by id or ERP code, listed and read.' },
  {
    name: 'Quotas',
    description: 'Point quota and contract credit quota per company: synced in batches, read per company.',
  },
  { name: 'Products', description: 'Products, the parents of SKUs, and their categories.' },
  {
    name: 'SKUs',
    description: 'SKUs (specs) of a product: upserted by id or ERP code within the product, listed and read.',
  },
  { name: 'Stock and prices', description: 'Stock levels and prices of SKUs and bundles, in batches.' },
  { name: 'Bundles', description: 'Bundle products, defined by a recipe of component SKUs.' },
  { name: 'Internal users', description: 'Back-office users and their roles.' },
];

export function buildOpenApiDocument(): Json {
  const schemas: Json = {
    Error: jsonSchema(errorBody, 'output'),
    ProblemDetails: jsonSchema(problemDetails, 'output'),
    ServerError: jsonSchema(serverErrorBody, 'output'),
  };
  const paths: Record<string, Json> = {};
  for (const id of OPERATIONS) {
    const [method, path] = id.split(' ') as [string, string];
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation(id, schemas) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Master-data integration API (/v1)',
      version: '1',
      description: INFO_DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This host (the sandbox, or the console’s /v1)' }],
    security: [{ signature: [] }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: SIGNATURE_DESCRIPTION },
      },
      responses: {
        Unauthorized: errorResponse(
          'A header missing or malformed, an unknown or inactive client id, a timestamp outside ±300 s, a reused nonce, or a signature mismatch; the answer does not say which (in sandbox mode a mismatch also carries the canonical string the service built).',
          ['unauthorized'],
        ),
        RateLimited: {
          description: 'Over the credential’s rateLimitPerSecond. Wait `Retry-After` seconds.',
          headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
          content: json(ref('Error')),
        },
        ServerError: { description: 'A fault on the service’s side.', content: json(ref('ServerError')) },
      },
      schemas,
    },
  };
}
