import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operationPath, PRODUCT_OPERATIONS } from '@/lib/contract/operations';
import type { ProductWrite } from '@/lib/contract/products';
import { idResponse } from '../answer-schemas';
import { createRecord } from '../code-lookup';
import { apiFetch } from '../fetcher';
import { productKeys } from '../query-keys';

export function createProduct(body: ProductWrite) {
  return createRecord(operationPath(PRODUCT_OPERATIONS.create), body);
}

export function updateProduct(id: number, changes: ProductWrite) {
  return apiFetch({
    method: 'PUT',
    path: operationPath(PRODUCT_OPERATIONS.update, id),
    body: changes,
    schema: idResponse,
  });
}

async function invalidate(client: QueryClient, id: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: productKeys.lists() }),
    client.invalidateQueries({ queryKey: productKeys.detail(id) }),
  ]);
}

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: ({ id }) => invalidate(client, id) });
}

export function useUpdateProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProductWrite) => updateProduct(id, changes),
    onSuccess: () => invalidate(client, id),
  });
}
