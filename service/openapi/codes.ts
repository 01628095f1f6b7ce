import {
  BUNDLE_PRODUCT_NO_SKUS,
  NO_DEFAULT_SALESPERSON,
  SKU_CODE_REQUIRED,
  SKU_PRODUCT_REQUIRED,
} from '@/lib/contract';

/** The 400 codes of each resource's writes, in the contract's words (master-data-api.md "Errors", contract §3). */
const tooLong = (...fields: string[]) => fields.map((f) => `${f}_too_long`);
export const COMPANY_ERRORS = [
  NO_DEFAULT_SALESPERSON,
  'invalid_internal_user_id',
  'outer_sys_code_ambiguous',
  ...tooLong('outer_sys_code', 'name', 'short_name', 'cell_phone', 'shipping_address'),
];
export const PRODUCT_ERRORS = [
  'product_category_id_required',
  'invalid_product_category_id',
  'product_type_conflict',
  'outer_sys_code_ambiguous',
  ...tooLong('outer_sys_code', 'name'),
];
export const SKU_ERRORS = [
  SKU_CODE_REQUIRED,
  SKU_PRODUCT_REQUIRED,
  'invalid_product_id',
  BUNDLE_PRODUCT_NO_SKUS,
  'invalid_price',
  'invalid_quantity_precision',
  'outer_sys_code_ambiguous',
  ...tooLong('outer_sys_code', 'name', 'barcode', 'warehouse', 'unit', 'spec'),
];
export const BUNDLE_ERRORS = [
  'product_category_id_required',
  'invalid_product_category_id',
  'product_type_conflict',
  'bundle_components_required',
  'component_identifier_required',
  'component_sku_code_ambiguous',
  'component_sku_not_found',
  'duplicate_component_sku',
  'invalid_component_quantity',
  'invalid_price',
  'invalid_quantity_precision',
  'outer_sys_code_ambiguous',
  ...tooLong('outer_sys_code', 'name', 'unit', 'spec', 'barcode', 'warehouse'),
];
export const USER_CREATE_ERRORS = [
  'account_required',
  'name_required',
  'email_required',
  'password_required',
  ...tooLong('account', 'name', 'email', 'outer_sys_code'),
  'invalid_password',
  'invalid_role_id',
  'invalid_status',
  'account_already_used',
];
export const USER_UPDATE_ERRORS = [
  ...tooLong('name', 'email', 'outer_sys_code'),
  'invalid_password',
  'invalid_role_id',
  'invalid_status',
];
export const QUOTA_ITEM_ERRORS = [
  'missing_key',
  'company_not_found',
  'company_code_ambiguous',
  'invalid_memo',
  'sync_failed',
  'invalid_parameter',
];
