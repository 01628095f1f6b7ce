import { z } from 'zod';
import { batchItemResult } from './batches';
import { longId, texts } from './fields';

/**
 * Companies (the platform's customers; master-data-api.md "Customer"). Companies report the first error
 * only. A create without internalUserId takes the tenant's default salesperson, which the service finds
 * in its database; when there is none it answers NO_DEFAULT_SALESPERSON (./errors).
 */


export const COMPANY_LIMITS = { outerSysCode: 50, name: 50, shortName: 20, cellPhone: 20, shippingAddress: 50 } as const;

export const COMPANY_STATUS = ['Active', 'Inactive'] as const;

export const companyWrite = z.object({
  id: longId.nullish(),
  ...texts(COMPANY_LIMITS, ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress']),
  internalUserId: longId.nullish(),
});
export type CompanyWrite = z.infer<typeof companyWrite>;

export const company = z.object({
  id: z.number(),
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  cellPhone: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  internalUserId: z.number(),
  status: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

export const companyBatchItemResult = batchItemResult;

export const COMPANY_FILTERS = { outerSysCode: 'substring', name: 'substring', internalUserId: 'id', updatedSince: 'datetime' } as const;

export const COMPANY_OPERATIONS = {
  list: 'GET /v1/companies',
  read: 'GET /v1/companies/{id}',
  create: 'POST /v1/companies',
  update: 'PUT /v1/companies/{id}',
  batch: 'POST /v1/companies/batch',
} as const;
