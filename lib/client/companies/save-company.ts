import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CompanyWrite } from '@/lib/contract/companies';
import { COMPANY_OPERATIONS, operationPath } from '@/lib/contract/operations';
import { idResponse } from '../answer-schemas';
import { createRecord } from '../code-lookup';
import { apiFetch } from '../fetcher';
import { companyKeys } from '../query-keys';

/** POST /v1/companies: creates, or updates the company with the same ERP code (`existing`). */
export function createCompany(body: CompanyWrite) {
  return createRecord(operationPath(COMPANY_OPERATIONS.create), body);
}

/** PUT /v1/companies/{id}: a partial merge, so only the changed fields are sent. */
export function updateCompany(id: number, changes: CompanyWrite) {
  return apiFetch({
    method: 'PUT',
    path: operationPath(COMPANY_OPERATIONS.update, id),
    body: changes,
    schema: idResponse,
  });
}

// A create may have updated an existing company (same ERP code), so its detail is refreshed too.
async function invalidate(client: QueryClient, id: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: companyKeys.lists() }),
    client.invalidateQueries({ queryKey: companyKeys.detail(id) }),
  ]);
}

export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: ({ id }) => invalidate(client, id),
  });
}

export function useUpdateCompany(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: CompanyWrite) => updateCompany(id, changes),
    onSuccess: () => invalidate(client, id),
  });
}
