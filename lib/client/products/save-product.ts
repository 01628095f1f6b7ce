import { operationPath, PRODUCT_OPERATIONS } from '@/lib/contract/operations';
import type { ProductWrite } from '@/lib/contract/products';
import { createRecord } from '../code-lookup';
import { productKeys } from '../query-keys';
import { updateRecord, useCreateRecord, useUpdateRecord } from '../record-saves';

export function createProduct(body: ProductWrite) {
  return createRecord(operationPath(PRODUCT_OPERATIONS.create), body);
}

export function updateProduct(id: number, changes: ProductWrite) {
  return updateRecord(operationPath(PRODUCT_OPERATIONS.update, id), changes);
}

export function useCreateProduct() {
  return useCreateRecord(productKeys, createProduct);
}

export function useUpdateProduct(id: number) {
  return useUpdateRecord(productKeys, id, (changes: ProductWrite) => updateProduct(id, changes));
}
