import type { CompanyWrite } from '@/lib/contract/companies';
import { COMPANY_OPERATIONS, operationPath } from '@/lib/contract/operations';
import { createRecord } from '../code-lookup';
import { companyKeys } from '../query-keys';
import { updateRecord, useCreateRecord, useUpdateRecord } from '../record-saves';

/** POST /v1/companies: creates, or updates the company with the same ERP code (`existing`). */
export function createCompany(body: CompanyWrite) {
  return createRecord(operationPath(COMPANY_OPERATIONS.create), body);
}

/** PUT /v1/companies/{id}: a partial merge, so only the changed fields are sent. */
export function updateCompany(id: number, changes: CompanyWrite) {
  return updateRecord(operationPath(COMPANY_OPERATIONS.update, id), changes);
}

export function useCreateCompany() {
  return useCreateRecord(companyKeys, createCompany);
}

export function useUpdateCompany(id: number) {
  return useUpdateRecord(companyKeys, id, (changes: CompanyWrite) => updateCompany(id, changes));
}
