import { LIMITS } from '@/lib/contract/values';

/** The company write fields this console edits, in form order. */
export const COMPANY_FIELDS = [
  'outerSysCode',
  'name',
  'shortName',
  'cellPhone',
  'shippingAddress',
  'internalUserId',
] as const;
export const COMPANY_TEXT_FIELDS = ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress'] as const;
export const COMPANY_LIMITS = LIMITS.company;

/** Create defaults (master-data-api.md): empty text, the tenant's default salesperson. */
export const COMPANY_CREATE_DEFAULTS = {
  outerSysCode: '',
  name: '',
  shortName: '',
  cellPhone: '',
  shippingAddress: '',
  internalUserId: null,
};
