/** A few upstream codes are English sentences: they are exact strings, named once here. */
export const NO_DEFAULT_SALESPERSON = 'internalUserId required: no default 負責業務 available';
export const SKU_CODE_REQUIRED = 'outerSysCode is required to create a SKU';
export const SKU_PRODUCT_REQUIRED = 'productId is required to create a SKU';
export const BUNDLE_SKU_NOT_UPDATABLE = 'bundle SKU cannot be updated through this API';
export const BUNDLE_PRODUCT_NO_SKUS = 'bundle product cannot receive SKUs through this API';
export const BUNDLE_SKU_STOCK = 'bundle SKU stock cannot be set through this API';

/**
 * Every error code /v1, the console's proxy and its upstream client can answer (master-data-api.md "Errors"
 * and contract.md §1, §3), each with the write field it belongs to, so forms can show it next to that
 * field (null: the record as a whole). The words live in the message catalogues, keyed by code
 * (messages/en/errors.json); lib/i18n/error-messages.test.ts fails when a code here has none.
 */
export const ERROR_CODES = {
  // Transport and conventions
  unauthorized: null,
  // `forbidden` is answered both by the upstream (credential not enabled) and by the console proxy (role or
  // request-origin check); the sentence covers both, and in both cases nothing was sent or changed.
  forbidden: null,
  not_found: null,
  method_not_allowed: null,
  payload_too_large: null,
  batch_too_large: null,
  rate_limited: null,
  // The console held a person's request back: the service's rate limit would have kept it waiting over 2 s.
  service_busy: null,
  // A job's row not sent: the service asked it to wait longer than UPSTREAM_RETRY_AFTER_MAX_S, or it was cancelled.
  rate_limit_stopped: null,
  invalid_page: null,
  invalid_page_size: null,
  invalid_updated_since: null,
  invalid_parameter: null,
  empty_batch: null,
  // Console proxy refusals (app/api/upstream): the request never reached the service.
  unauthenticated: null,
  operation_not_allowed: null,
  bad_path: null,
  // The ERP-code lookup before a single create failed (lib/server/proxy/create-check.ts): nothing was sent.
  code_check_failed: null,
  // The approval policy's refusals at the proxy (lib/server/approvals/gate.ts): nothing was sent.
  approval_required: null,
  policy_check_failed: null,
  // An import's row for a company whose change already waits for approval (one open proposal per company and field).
  proposal_waits: null,
  upstream_timeout: null,
  // A connection can fail after the request was sent, so this one cannot promise that nothing changed.
  upstream_unreachable: null,
  // Upstream client (lib/server/upstream): a batch row whose request got no usable answer.
  outcome_unknown: null,
  invalid_response: null,
  aborted: null,
  // Resource not found (update endpoints answer a resource-specific sentence)
  'company not found': null,
  'product not found': null,
  'sku not found': null,
  'bundle not found': null,
  company_not_found: null,
  // Field limits
  outer_sys_code_too_long: 'outerSysCode',
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
  // Companies
  [NO_DEFAULT_SALESPERSON]: 'internalUserId',
  invalid_internal_user_id: 'internalUserId',
  outer_sys_code_ambiguous: 'outerSysCode',
  // Products and categories
  product_category_id_required: 'productCategoryId',
  invalid_product_category_id: 'productCategoryId',
  product_type_conflict: 'outerSysCode',
  // SKUs, stock and prices
  [SKU_CODE_REQUIRED]: 'outerSysCode',
  [SKU_PRODUCT_REQUIRED]: 'productId',
  invalid_product_id: 'productId',
  [BUNDLE_SKU_NOT_UPDATABLE]: null,
  [BUNDLE_PRODUCT_NO_SKUS]: null,
  [BUNDLE_SKU_STOCK]: null,
  invalid_price: null,
  invalid_quantity_precision: 'quantityPrecision',
  sku_id_required: null,
  inventory_qty_required: 'inventoryQty',
  invalid_inventory_qty: 'inventoryQty',
  // Bundles
  bundle_components_required: 'components',
  component_identifier_required: null,
  component_sku_code_ambiguous: null,
  component_sku_not_found: null,
  duplicate_component_sku: null,
  invalid_component_quantity: null,
  // Quotas
  missing_key: null,
  missing_balance: 'balance',
  invalid_balance: 'balance',
  invalid_memo: 'memo',
  company_code_ambiguous: null,
  sync_failed: null,
  missing_credit_amount: 'creditAmount',
  invalid_credit_amount: 'creditAmount',
  // Internal users
  account_required: 'account',
  name_required: 'name',
  email_required: 'email',
  password_required: 'password',
  invalid_password: 'password',
  account_already_used: 'account',
  invalid_role_id: 'roleId',
  invalid_status: 'status',
  last_active_admin: null,
  // Console jobs (lib/server/imports, lib/server/exports): answered by the console's own routes, never by /v1.
  import_not_found: null,
  import_not_uploading: null,
  import_already_running: null,
  import_running: null,
  row_not_resendable: null,
  rows_invalid: null,
  nothing_to_resend: null,
  // Reverting an import (lib/server/imports): refusals of the review or start, and why a revert's row was left.
  revert_not_supported: null,
  nothing_to_revert: null,
  revert_not_chosen: null,
  revert_changed_since: null,
  revert_created_left: null,
  revert_not_applied: null,
  revert_before_unknown: null,
  revert_live_unread: null,
  revert_amount_unread: null,
  revert_amount_carried: null,
  // Restoring a record's earlier values from its History (lib/server/undo, the proxy's restore check).
  change_not_found: null,
  record_not_found: null,
  restore_not_this_record: null,
  export_already_running: null,
  export_not_found: null,
  export_not_ready: null,
  // Needs attention (lib/server/attention): a finding accepted or reopened.
  finding_not_found: null,
  finding_not_open: null,
  finding_not_accepted: null,
  // The rows an ERP sync could not apply (lib/server/sync): the fix grid's items, an uploaded log.
  rejection_not_found: null,
  rejections_mixed: null,
  log_unreadable: null,
} as const satisfies Record<string, string | null>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** Which write field a code is about; undefined for codes about the record as a whole, or unknown ones. */
export function errorField(code: string): string | undefined {
  return isKnownErrorCode(code) ? (ERROR_CODES[code] ?? undefined) : undefined;
}
