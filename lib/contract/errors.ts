/**
 * Every error code /v1 can answer (master-data-api.md "Errors" and contract.md §1, §3), with a plain
 * English sentence for people. The console's message catalogue builds its `errors` namespace from this
 * table, so a code is written once. A few upstream codes are English sentences: they are exact strings.
 */

import { NO_DEFAULT_SALESPERSON } from './companies';
import { BUNDLE_PRODUCT_NO_SKUS, BUNDLE_SKU_NOT_UPDATABLE, SKU_CODE_REQUIRED, SKU_PRODUCT_REQUIRED } from './skus';
import { BUNDLE_SKU_STOCK } from './stock';

export { BUNDLE_PRODUCT_NO_SKUS, BUNDLE_SKU_NOT_UPDATABLE, BUNDLE_SKU_STOCK, NO_DEFAULT_SALESPERSON, SKU_CODE_REQUIRED, SKU_PRODUCT_REQUIRED };

export const ERROR_MESSAGES = {
  // Transport and conventions
  unauthorized: 'The upstream rejected the request signature, timestamp or nonce.',
  // `forbidden` is answered both by the upstream (credential not enabled) and by the console proxy (role or
  // request-origin check); the sentence covers both, and in both cases nothing was sent or changed.
  forbidden: 'You are not allowed to perform that operation; nothing was changed.',
  not_found: 'The record does not exist (or belongs to another tenant).',
  method_not_allowed: 'That operation does not exist for this path.',
  payload_too_large: 'The request body is larger than 5 MiB, so it was not sent and nothing was changed.',
  batch_too_large: 'A batch may hold at most 1,000 items.',
  rate_limited: 'Too many requests; try again shortly.',
  invalid_page: 'The page number is out of range.',
  invalid_page_size: 'Page size must be between 1 and 100.',
  invalid_updated_since: '"Updated since" must be a date and time with a time zone.',
  invalid_parameter: 'A value has the wrong type or format.',
  empty_batch: 'The batch is empty.',
  // Console proxy refusals (app/api/upstream): the request never reached the service.
  unauthenticated: 'Your session has ended; sign in again. Nothing was changed.',
  operation_not_allowed: 'The console does not offer that operation; nothing was sent.',
  bad_path: 'The request path is malformed; nothing was sent.',
  upstream_timeout:
    'The service did not answer in time. A read can simply be retried; a write may or may not have been applied, so check the record before repeating it.',
  // A connection can fail after the request was sent, so this one cannot promise that nothing changed.
  upstream_unreachable:
    'The service could not be reached. A read can be retried; check the record before repeating a write.',
  // Upstream client (lib/server/upstream): a batch row whose request got no usable answer.
  outcome_unknown: 'The service did not answer; this row may or may not have been written.',
  invalid_response: 'The service answered with a body this console cannot read.',
  aborted: 'The request was cancelled before the service answered.',
  // Resource not found (update endpoints answer a resource-specific sentence)
  'company not found': 'The company does not exist (or belongs to another tenant).',
  'product not found': 'The product does not exist (or belongs to another tenant).',
  'sku not found': 'The SKU does not exist (or belongs to another tenant).',
  'bundle not found': 'The bundle does not exist (or belongs to another tenant).',
  company_not_found: 'No company matches that id or code.',
  // Field limits
  outer_sys_code_too_long: 'The ERP code is too long.',
  name_too_long: 'The name is too long.',
  short_name_too_long: 'The short name is too long.',
  cell_phone_too_long: 'The phone number is too long.',
  shipping_address_too_long: 'The shipping address is too long.',
  unit_too_long: 'The unit is too long.',
  spec_too_long: 'The spec is too long.',
  barcode_too_long: 'The barcode is too long.',
  warehouse_too_long: 'The warehouse is too long.',
  email_too_long: 'The email address is too long.',
  account_too_long: 'The account is too long.',
  // Companies
  [NO_DEFAULT_SALESPERSON]: 'Choose a salesperson: this tenant has no default salesperson.',
  invalid_internal_user_id: 'That salesperson is not an internal user of this tenant.',
  outer_sys_code_ambiguous: 'More than one record has this ERP code, so nothing was written.',
  // Products and categories
  product_category_id_required: 'Choose a category.',
  invalid_product_category_id: 'Choose a category that can hold products (a sub-category, not a top-level one).',
  product_type_conflict: 'This ERP code belongs to a bundle; products and bundles cannot share a code.',
  // SKUs, stock and prices
  [SKU_CODE_REQUIRED]: 'An ERP code is required to create a SKU.',
  [SKU_PRODUCT_REQUIRED]: 'Choose the product this SKU belongs to.',
  invalid_product_id: 'That product does not exist.',
  [BUNDLE_SKU_NOT_UPDATABLE]: 'This SKU belongs to a bundle; edit it on the bundle instead.',
  [BUNDLE_PRODUCT_NO_SKUS]: 'A bundle product cannot have SKUs of its own.',
  [BUNDLE_SKU_STOCK]: "A bundle's stock is computed from its components and cannot be set.",
  invalid_price: 'Prices must be between 0 and 9,999,999.99.',
  invalid_quantity_precision: 'Quantity precision must be a whole number from 0 to 4.',
  sku_id_required: 'A SKU id is required.',
  inventory_qty_required: 'Enter the on-hand quantity.',
  invalid_inventory_qty: 'The quantity must be 0 or more, with no more decimals than the SKU allows.',
  // Bundles
  bundle_components_required: 'A bundle needs at least one component.',
  component_identifier_required: 'Each component needs a SKU id or an ERP code.',
  component_sku_code_ambiguous: 'That ERP code matches more than one SKU; use the SKU id instead.',
  component_sku_not_found: 'No SKU matches that component.',
  duplicate_component_sku: 'The same SKU appears twice in the recipe.',
  invalid_component_quantity: 'Component quantity must be greater than 0 (up to 4 decimals).',
  // Quotas
  missing_key: 'Give a company id or a company code.',
  missing_balance: 'Enter a balance (0 is allowed).',
  invalid_balance: 'The balance cannot be negative.',
  invalid_memo: 'The memo may be at most 200 characters.',
  company_code_ambiguous: 'More than one company has this code, so nothing was written.',
  sync_failed: 'The service failed to write this row; nothing was changed for it.',
  missing_credit_amount: 'Enter a credit amount (0 is allowed).',
  invalid_credit_amount: 'The credit amount must be between 0 and 99,999,999,999,999.9999.',
  // Internal users
  account_required: 'Enter an account.',
  name_required: 'Enter a name.',
  email_required: 'Enter an email address.',
  password_required: 'Enter a password.',
  invalid_password: 'The password must be 8 to 128 characters.',
  account_already_used: 'That account is already used in this tenant.',
  invalid_role_id: 'Choose a role of this tenant.',
  invalid_status: 'Status must be Active or Inactive.',
  last_active_admin: 'Nothing was changed: this is the only active administrator. Make another user an administrator first.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code);
}

/** A sentence for any code, including ones this console has never seen. */
export function errorMessage(code: string): string {
  return isKnownErrorCode(code) ? ERROR_MESSAGES[code] : `The service answered: ${code}`;
}

/**
 * Which write field a code is about, so forms can show it next to that field.
 * Codes not listed here belong to the record as a whole.
 */
export const ERROR_FIELDS: Partial<Record<ErrorCode, string>> = {
  outer_sys_code_too_long: 'outerSysCode',
  outer_sys_code_ambiguous: 'outerSysCode',
  name_too_long: 'name',
  short_name_too_long: 'shortName',
  cell_phone_too_long: 'cellPhone',
  shipping_address_too_long: 'shippingAddress',
  unit_too_long: 'unit',
  spec_too_long: 'spec',
  barcode_too_long: 'barcode',
  warehouse_too_long: 'warehouse',
  email_too_long: 'email',
  account_too_long: 'account',
  [NO_DEFAULT_SALESPERSON]: 'internalUserId',
  invalid_internal_user_id: 'internalUserId',
  product_category_id_required: 'productCategoryId',
  invalid_product_category_id: 'productCategoryId',
  product_type_conflict: 'outerSysCode',
  [SKU_CODE_REQUIRED]: 'outerSysCode',
  [SKU_PRODUCT_REQUIRED]: 'productId',
  invalid_product_id: 'productId',
  invalid_quantity_precision: 'quantityPrecision',
  inventory_qty_required: 'inventoryQty',
  invalid_inventory_qty: 'inventoryQty',
  bundle_components_required: 'components',
  missing_balance: 'balance',
  invalid_balance: 'balance',
  invalid_memo: 'memo',
  missing_credit_amount: 'creditAmount',
  invalid_credit_amount: 'creditAmount',
  account_required: 'account',
  name_required: 'name',
  email_required: 'email',
  password_required: 'password',
  invalid_password: 'password',
  account_already_used: 'account',
  invalid_role_id: 'roleId',
  invalid_status: 'status',
};

export function errorField(code: string): string | undefined {
  return isKnownErrorCode(code) ? ERROR_FIELDS[code] : undefined;
}
