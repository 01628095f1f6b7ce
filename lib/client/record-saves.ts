import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { operationPath, type OperationId } from '@/lib/contract/operations';
import { idResponse } from './answer-schemas';
import { createRecord } from './code-lookup';
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

/**
 * The saves of a family written one record at a time by its own POST and PUT (companies, products): the create
 * (which may update the record with the same ERP code), the partial update, and their hooks.
 */
export function recordSaves<Body>(operations: { create: OperationId; update: OperationId }, keys: RecordKeys) {
  const create = (body: Body) => createRecord(operationPath(operations.create), body);
  const update = (id: number, changes: Body) => updateRecord(operationPath(operations.update, id), changes);
  return {
    create,
    update,
    useCreate: () => useCreateRecord(keys, create),
    useUpdate: (id: number) => useUpdateRecord(keys, id, (changes: Body) => update(id, changes)),
  };
}
