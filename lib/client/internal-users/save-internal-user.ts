import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InternalUserCreate, InternalUserUpdate } from '@/lib/contract/internal-users';
import { INTERNAL_USER_OPERATIONS, operationPath } from '@/lib/contract/operations';
import { idResponse } from '../answer-schemas';
import { apiFetch } from '../fetcher';
import { internalUserKeys } from '../query-keys';

/** POST /v1/internal-users: always a create (an account already used is refused, never merged). */
export function createInternalUser(body: InternalUserCreate) {
  return apiFetch({ method: 'POST', path: operationPath(INTERNAL_USER_OPERATIONS.create), body, schema: idResponse });
}

/**
 * PUT /v1/internal-users/{id}: a partial merge, so only the changed fields are sent; the password only when
 * one was typed. A deactivation or a role change ends the user's sessions at once.
 */
export function updateInternalUser(id: number, changes: InternalUserUpdate) {
  return apiFetch({
    method: 'PUT',
    path: operationPath(INTERNAL_USER_OPERATIONS.update, id),
    body: changes,
    schema: idResponse,
  });
}

// Users are read from one all-pages list (no single-user GET), so every list of them is refreshed.
function invalidate(client: QueryClient) {
  return client.invalidateQueries({ queryKey: internalUserKeys.all });
}

export function useCreateInternalUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createInternalUser, onSuccess: () => invalidate(client) });
}

/** Also refreshes after a refusal or an unknown outcome, so the page shows the user as the service has it. */
export function useUpdateInternalUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: InternalUserUpdate) => updateInternalUser(id, changes),
    onSettled: () => invalidate(client),
  });
}
