import { PRODUCT_OPERATIONS } from '@/lib/contract/operations';
import type { ProductWrite } from '@/lib/contract/products';
import { productKeys } from '../query-keys';
import { recordSaves } from '../record-saves';

const saves = recordSaves<ProductWrite>(PRODUCT_OPERATIONS, productKeys);

export const createProduct = saves.create;
export const updateProduct = saves.update;
export const useCreateProduct = saves.useCreate;
export const useUpdateProduct = saves.useUpdate;
