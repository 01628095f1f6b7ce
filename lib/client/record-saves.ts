import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { idResponse } from './answer-schemas';
import { apiFetch } from './fetcher';

/** A family's keys as lib/client/query-keys makes them. */
type RecordKeys = { lists: () => readonly unknown[]; detail: (id: number) => readonly unknown[] };

/** PUT /v1/<family>/{id}: a partial merge, so only the changed fields are sent. */
export function updateRecord(path: string, changes: unknown) {
  return apiFetch({ method: 'PUT', path, body: changes, schema: idResponse });
}

// A record shows in its family's lists and on its page (whose panels hang under its detail key); a create may
// have updated an existing record with the same ERP code, so its detail is refreshed too.
async function invalidateRecord(client: QueryClient, keys: RecordKeys, id: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: keys.lists() }),
    client.invalidateQueries({ queryKey: keys.detail(id) }),
  ]);
}

/** A create of a record; its lists and its detail are refreshed once applied. */
export function useCreateRecord<Body>(keys: RecordKeys, create: (body: Body) => Promise<{ id: number }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: create, onSuccess: ({ id }) => invalidateRecord(client, keys, id) });
}

/** A write to one record (its fields, prices, recipe); its lists and its detail are refreshed once applied. */
export function useUpdateRecord<Value, Result>(keys: RecordKeys, id: number, write: (value: Value) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateRecord(client, keys, id) });
}
