import { z } from 'zod';
import { batchItemResult } from './batches';
import { longId, nullableStrings, texts } from './fields';
import { COMPANY_OPERATIONS } from './operations';
import { COMPANY_FILTERS } from './lists';
import { COMPANY_LIMITS, COMPANY_STATUS } from './values';
export { COMPANY_OPERATIONS };
export { COMPANY_FILTERS };
export { COMPANY_LIMITS, COMPANY_STATUS };

/**
 * Companies (the platform's customers; master-data-api.md "Customer"). Companies report the first error
 * only. A create without internalUserId takes the tenant's default salesperson, which the service finds
 * in its database; when there is none it answers NO_DEFAULT_SALESPERSON (./errors).
 */

export const companyWrite = z.object({
  id: longId.nullish(),
  ...texts(COMPANY_LIMITS, ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress']),
  internalUserId: longId.nullish(),
});
export type CompanyWrite = z.infer<typeof companyWrite>;

export const company = z.object({
  id: z.number(),
  ...nullableStrings('outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress'),
  internalUserId: z.number(),
  status: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

export const companyBatchItemResult = batchItemResult;
