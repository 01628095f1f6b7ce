import type { Kysely } from 'kysely';
import type { FamilyName } from '@/lib/imports/families';
import type { ConsoleDatabase } from '../db/types';
import { createJob } from '../jobs/store';
import { importKindName, type ImportParams } from '../imports/import-job';
import * as store from '../imports/store';

/** Starts an import's job as the console does: one unit per chunk given, and the import marked started. */
export async function startImportJob(
  db: Kysely<ConsoleDatabase>,
  importId: string,
  family: FamilyName,
  options: { chunks?: number[]; tenant?: string } = {},
) {
  const jobId = await createJob(db, {
    kind: importKindName(family),
    tenant: options.tenant ?? `t-${importId}`,
    params: { importId, family } satisfies ImportParams,
    rerunExpired: true,
    units: options.chunks?.map((chunk) => ({ key: String(chunk), input: { importId, chunk } })),
  });
  await store.markStarted(db, importId, jobId);
  return jobId;
}
