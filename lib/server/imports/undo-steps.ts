import 'server-only';
import type { Kysely } from 'kysely';
import type { FamilyName } from '@/lib/imports/families';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import type { SentOutcome } from './history';

/**
 * What undoing an import adds to its job, handed in by the runtime (lib/server/undo's UNDO_STEPS): a revert is an
 * import of its own, sent by this job, while the import knows nothing of reverts.
 */
export interface UndoSteps {
  /** Just before a revert's quota chunk is held: the amounts it carries, read live now (./hold.ts). */
  carryLiveAmounts(
    db: Kysely<ConsoleDatabase>,
    client: UpstreamClient,
    family: 'creditQuotas' | 'pointQuotas',
    importId: string,
    rows: readonly { rowNo: number; item: Record<string, unknown> | null }[],
  ): Promise<{ items: Map<number, Record<string, unknown>>; unread: number[] }>;
  /** After each flush of outcomes, in its transaction, before the write-through replaces the mirror's values. */
  stored(
    db: Kysely<ConsoleDatabase>,
    flush: {
      importId: string;
      jobId: string;
      family: FamilyName;
      sent: readonly { chunk: number; outcomes: readonly SentOutcome[] }[];
    },
  ): Promise<void>;
}
