import type { z } from 'zod';
import {
  BUNDLE_SKU_NOT_UPDATABLE,
  bundle,
  bundleBatchItemResult,
  bundleCreate,
  bundleIdResponse,
  bundleWrite,
  company,
  companyBatchItemResult,
  companyWrite,
  creditQuota,
  creditQuotaBatchItemResult,
  creditQuotaWrite,
  idResponse,
  pointQuota,
  pointQuotaBatchItemResult,
  pointQuotaWrite,
  product,
  productBatchItemResult,
  productCreate,
  productWrite,
  sku,
  skuBatchItemResult,
  skuCreate,
  skuWrite,
  type ListName,
} from '@/lib/contract';
import { BUNDLE_ERRORS, COMPANY_ERRORS, PRODUCT_ERRORS, QUOTA_ITEM_ERRORS, SKU_ERRORS } from './codes';
import type { OperationDoc } from './operation-doc';

export const items = (name: string) =>
  `Batch answer: one ${name} result per input element, in order (\`index\` is the 0-based position).`;

/** A record resource's five operations: list, batch, create-or-update, read, update. */
function recordDocs(o: {
  tag: string;
  noun: string;
  /** When adding an s is wrong (company → companies). */
  plural?: string;
  list: ListName;
  response: z.ZodType;
  responseName: string;
  write: z.ZodType;
  create: z.ZodType;
  writeName: string;
  batchResult: z.ZodType;
  created: z.ZodType;
  createdName: string;
  errors: string[];
  updateNotFound: string;
  readNotFound: { code: string; problem?: boolean };
  extra?: { update?: string[] };
}): Record<'list' | 'batch' | 'create' | 'read' | 'update', OperationDoc> {
  const { tag, noun } = o;
  const nouns = o.plural ?? `${noun}s`;
  return {
    list: {
      tag,
      list: o.list,
      summary: `List ${nouns}`,
      ok: { 200: { schema: o.response, name: o.responseName, description: `A page of ${nouns}, id ascending.` } },
    },
    read: {
      tag,
      summary: `Read one ${noun}`,
      ok: { 200: { schema: o.response, name: o.responseName, description: `The ${noun}.` } },
      notFound: o.readNotFound,
    },
    create: {
      tag,
      summary: `Create a ${noun}, or update the one its id or outerSysCode names`,
      body: { schema: o.create, name: `${o.writeName}` },
      ok: {
        200: { schema: o.created, name: o.createdName, description: `An existing ${noun} was updated.` },
        201: { schema: o.created, name: o.createdName, description: `A ${noun} was created.` },
      },
      errors: o.errors,
      // An id in the body that names no record of the tenant.
      notFound: { code: o.updateNotFound },
    },
    update: {
      tag,
      summary: `Update a ${noun} (partial merge; the path id wins over a body id)`,
      body: { schema: o.write, name: o.writeName },
      ok: { 200: { schema: o.created, name: o.createdName, description: `The ${noun} was updated.` } },
      errors: [...o.errors, ...(o.extra?.update ?? [])],
      notFound: { code: o.updateNotFound },
    },
    batch: {
      tag,
      summary: `Create or update many ${nouns}; each item succeeds or fails on its own`,
      body: { schema: o.write, name: o.writeName, batch: true },
      ok: { 200: { schema: o.batchResult, name: `${o.writeName}BatchResult`, description: items(noun) } },
      itemErrors: ['not_found', ...o.errors],
    },
  };
}

export const companies = recordDocs({
  tag: 'Companies',
  noun: 'company',
  plural: 'companies',
  list: 'companies',
  response: company,
  responseName: 'Company',
  write: companyWrite,
  create: companyWrite,
  writeName: 'CompanyWrite',
  batchResult: companyBatchItemResult,
  created: idResponse,
  createdName: 'IdResponse',
  errors: COMPANY_ERRORS,
  updateNotFound: 'company not found',
  readNotFound: { code: 'not_found', problem: true },
});
export const products = recordDocs({
  tag: 'Products',
  noun: 'product',
  list: 'products',
  response: product,
  responseName: 'Product',
  write: productWrite,
  create: productCreate,
  writeName: 'ProductWrite',
  batchResult: productBatchItemResult,
  created: idResponse,
  createdName: 'IdResponse',
  errors: PRODUCT_ERRORS,
  updateNotFound: 'product not found',
  readNotFound: { code: 'not_found' },
});
export const skus = recordDocs({
  tag: 'SKUs',
  noun: 'SKU',
  list: 'skus',
  response: sku,
  responseName: 'Sku',
  write: skuWrite,
  create: skuCreate,
  writeName: 'SkuWrite',
  batchResult: skuBatchItemResult,
  created: idResponse,
  createdName: 'IdResponse',
  errors: SKU_ERRORS,
  updateNotFound: 'sku not found',
  readNotFound: { code: 'not_found' },
  extra: { update: [BUNDLE_SKU_NOT_UPDATABLE] },
});
export const bundles = recordDocs({
  tag: 'Bundles',
  noun: 'bundle',
  list: 'bundles',
  response: bundle,
  responseName: 'Bundle',
  write: bundleWrite,
  create: bundleCreate,
  writeName: 'BundleWrite',
  batchResult: bundleBatchItemResult,
  created: bundleIdResponse,
  createdName: 'BundleIdResponse',
  errors: BUNDLE_ERRORS,
  updateNotFound: 'bundle not found',
  readNotFound: { code: 'not_found' },
});

function quotaDocs(
  family: 'credit' | 'point',
  read: z.ZodType,
  write: z.ZodType,
  result: z.ZodType,
  amountErrors: string[],
) {
  const name = family === 'credit' ? 'CreditQuota' : 'PointQuota';
  return {
    read: {
      tag: 'Quotas',
      summary: `Read a company's ${family} quota`,
      ok: {
        200: {
          schema: read,
          name,
          description: `The company's ${family} quota; never set: amount 0, enabled false, memo "", updatedAt null.`,
        },
      },
      notFound: { code: 'company_not_found', problem: true },
    },
    batch: {
      tag: 'Quotas',
      summary: `Set companies' ${family} quotas (absolute values)`,
      body: { schema: write, name: `${name}Write`, batch: true },
      ok: { 200: { schema: result, name: `${name}BatchResult`, description: items(`${family} quota`) } },
      itemErrors: [...amountErrors, ...QUOTA_ITEM_ERRORS],
    },
  } satisfies Record<string, OperationDoc>;
}
export const credit = quotaDocs('credit', creditQuota, creditQuotaWrite, creditQuotaBatchItemResult, [
  'missing_credit_amount',
  'invalid_credit_amount',
]);
export const point = quotaDocs('point', pointQuota, pointQuotaWrite, pointQuotaBatchItemResult, [
  'missing_balance',
  'invalid_balance',
]);
