import type { CompanyWrite } from '@/lib/contract/companies';
import { COMPANY_OPERATIONS } from '@/lib/contract/operations';
import { companyKeys } from '../query-keys';
import { recordSaves } from '../record-saves';

const saves = recordSaves<CompanyWrite>(COMPANY_OPERATIONS, companyKeys);

/** POST /v1/companies: creates, or updates the company with the same ERP code (`existing`). */
export const createCompany = saves.create;
/** PUT /v1/companies/{id}: a partial merge, so only the changed fields are sent. */
export const updateCompany = saves.update;
export const useCreateCompany = saves.useCreate;
export const useUpdateCompany = saves.useUpdate;
