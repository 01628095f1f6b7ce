import {
  bundlePrice,
  bundlePriceBatchItemResult,
  bundlePriceWrite,
  idResponse,
  internalUser,
  internalUserCreateShape,
  internalUserUpdate,
  price,
  priceBatchItemResult,
  priceWrite,
  productCategory,
  stock,
  stockBatchItemResult,
  stockWrite,
  type OperationId,
} from '@/lib/contract';
import { USER_CREATE_ERRORS, USER_UPDATE_ERRORS } from './codes';
import type { OperationDoc } from './operation-doc';
import { bundles, companies, credit, items, point, products, skus } from './resource-docs';

export type { OperationDoc } from './operation-doc';

/** Every operation of the spec, keyed by its operation id (contract §2). */
export const OPERATION_DOCS: Record<OperationId, OperationDoc> = {
  'GET /v1/companies': companies.list,
  'GET /v1/companies/{id}': companies.read,
  'POST /v1/companies': companies.create,
  'PUT /v1/companies/{id}': companies.update,
  'POST /v1/companies/batch': companies.batch,
  'GET /v1/companies/{id}/credit-quota': credit.read,
  'GET /v1/companies/{id}/point-quota': point.read,
  'POST /v1/companies/point-quota/batch': point.batch,
  'POST /v1/companies/credit-quota/batch': credit.batch,
  'GET /v1/product-categories': {
    tag: 'Products',
    list: 'productCategories',
    summary: 'List product categories',
    ok: {
      200: {
        schema: productCategory,
        name: 'ProductCategory',
        description: 'A page of categories; a root has parentId null and is not assignable.',
      },
    },
  },
  'GET /v1/products': products.list,
  'GET /v1/products/{id}': products.read,
  'POST /v1/products': products.create,
  'PUT /v1/products/{id}': products.update,
  'POST /v1/products/batch': products.batch,
  'GET /v1/skus': skus.list,
  'GET /v1/skus/{id}': skus.read,
  'POST /v1/skus': skus.create,
  'PUT /v1/skus/{id}': skus.update,
  'POST /v1/skus/batch': skus.batch,
  'GET /v1/skus/{id}/stock': {
    tag: 'Stock and prices',
    summary: "Read a SKU's stock",
    ok: {
      200: { schema: stock, name: 'Stock', description: 'availableQty = inventoryQty − reservedQty, not clamped.' },
    },
    notFound: { code: 'not_found' },
  },
  'POST /v1/skus/stock/batch': {
    tag: 'Stock and prices',
    summary: 'Set SKUs’ on-hand quantities (absolute)',
    body: { schema: stockWrite, name: 'StockWrite', batch: true },
    ok: { 200: { schema: stockBatchItemResult, name: 'StockBatchResult', description: items('stock') } },
    itemErrors: [
      'sku_id_required',
      'not_found',
      'bundle SKU stock cannot be set through this API',
      'inventory_qty_required',
      'invalid_inventory_qty',
      'invalid_parameter',
    ],
  },
  'GET /v1/skus/{id}/price': {
    tag: 'Stock and prices',
    summary: "Read a SKU's prices",
    ok: { 200: { schema: price, name: 'Price', description: 'The SKU’s price and sellPrice.' } },
    notFound: { code: 'not_found' },
  },
  'PUT /v1/prices/batch': {
    tag: 'Stock and prices',
    summary: 'Set SKU prices',
    body: { schema: priceWrite, name: 'PriceWrite', batch: true },
    ok: { 200: { schema: priceBatchItemResult, name: 'PriceBatchResult', description: items('price') } },
    itemErrors: ['not_found', 'invalid_price', 'invalid_parameter'],
  },
  'GET /v1/bundles': bundles.list,
  'GET /v1/bundles/{id}': bundles.read,
  'POST /v1/bundles': bundles.create,
  'PUT /v1/bundles/{id}': bundles.update,
  'POST /v1/bundles/batch': bundles.batch,
  'GET /v1/bundles/{id}/prices': {
    tag: 'Bundles',
    summary: "Read a bundle's prices (by bundle product id)",
    ok: { 200: { schema: bundlePrice, name: 'BundlePrice', description: 'The bundle’s price and sellPrice.' } },
    notFound: { code: 'not_found', problem: true },
  },
  'PUT /v1/bundle-prices/batch': {
    tag: 'Bundles',
    summary: 'Set bundle prices (by bundle product id)',
    body: { schema: bundlePriceWrite, name: 'BundlePriceWrite', batch: true },
    ok: {
      200: { schema: bundlePriceBatchItemResult, name: 'BundlePriceBatchResult', description: items('bundle price') },
    },
    itemErrors: ['not_found', 'invalid_price', 'invalid_parameter'],
  },
  'GET /v1/internal-users': {
    tag: 'Internal users',
    list: 'internalUsers',
    summary: 'List back-office users',
    ok: {
      200: { schema: internalUser, name: 'InternalUser', description: 'A page of users; never a password or hash.' },
    },
  },
  'POST /v1/internal-users': {
    tag: 'Internal users',
    summary: 'Create a back-office user',
    body: { schema: internalUserCreateShape, name: 'InternalUserCreate' },
    ok: { 201: { schema: idResponse, name: 'IdResponse', description: 'The user was created.' } },
    errors: USER_CREATE_ERRORS,
  },
  'PUT /v1/internal-users/{id}': {
    tag: 'Internal users',
    summary: 'Update a back-office user (partial merge)',
    body: { schema: internalUserUpdate, name: 'InternalUserUpdate' },
    ok: { 200: { schema: idResponse, name: 'IdResponse', description: 'The user was updated.' } },
    errors: USER_UPDATE_ERRORS,
    notFound: { code: 'not_found' },
    conflict: 'last_active_admin',
  },
};
