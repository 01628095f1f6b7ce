import { z } from 'zod';
import { RESTORE_TYPES, type ChangeSource, type HistoryValue, type RestoreType } from '../history';
import { endpoint, json } from './endpoint';

/**
 * "Restore earlier values" from a record's History (issue 56 point 2): the review of one History entry's
 * fields, each with the entry's old value (before), the live value read from /v1 (now) and the entry's new
 * value (after). Nothing is written here: the person puts the chosen old values into the record's edit form
 * and saves it the normal way, the save naming the entry it restores (REVIEW_RESTORES in ../history).
 */

// Kept with History's types, which pages load without zod (the History panel offers the restore).
export { RESTORE_TYPES, type RestoreType };

/**
 * `holds`: the field still holds the entry's new value (selected); `changedSince`: it holds something else now
 * (not selected, selectable); `beforeUnknown`: the entry's old value was never read, so there is nothing to put
 * back (not offered); `referenceGone`: the old value names a category no live category holds the path of now
 * (shown by its path, and left out, as a recipe's component that no longer exists).
 */
export const RESTORE_STATES = ['holds', 'changedSince', 'beforeUnknown', 'referenceGone'] as const;
export type RestoreState = (typeof RESTORE_STATES)[number];

/** Who changed a field after the entry, as History tells it (null e-mail: the ERP or a change found outside). */
export interface RestoreChangedBy {
  email: string | null;
  source: ChangeSource | null;
  at: string;
}

/** A recipe line of the entry's old value, matched to a live SKU by its ERP code. */
export interface RestoreLine {
  code: string | null;
  name: string | null;
  quantity: number;
  /** The live SKU with that code; null when none has it any more (shown, and left out). */
  liveSkuId: number | null;
}

export interface RestoreField {
  field: string;
  before: HistoryValue | null;
  now: HistoryValue | null;
  after: HistoryValue | null;
  state: RestoreState;
  selected: boolean;
  changedBy?: RestoreChangedBy | null;
  /** The value a restore puts into the form: `before`, with a recipe's lines mapped to the live SKUs by code. */
  value?: HistoryValue | null;
  /** A recipe's old lines by code (bundles' `components`). */
  lines?: RestoreLine[];
  /**
   * How the values are shown where they name another record (a category by its path, "Beverages › Tea", as the
   * product form shows it): the old and new paths as History stored them at the write, the live one now.
   */
  names?: { before: string | null; now: string | null; after: string | null };
  /** A price, restored through its family's price batch (as the price panel writes it), not the edit form. */
  prices?: true;
}

export interface RestoreReview {
  changeId: string;
  /** When the entry was made and by whom (an empty e-mail: the ERP or the console's checks). */
  at: string;
  userEmail: string;
  source: ChangeSource;
  fields: RestoreField[];
}

export const restoresApi = {
  review: endpoint({
    method: 'GET',
    path: '/api/history/[type]/[id]/restore/[change]',
    access: { kind: 'session', permission: 'editMasterData' },
    params: z.object({
      type: z.enum(RESTORE_TYPES),
      id: z.string().regex(/^[1-9][0-9]{0,18}$/),
      change: z.string().regex(/^[1-9][0-9]{0,18}$/),
    }),
    answer: json<RestoreReview>(),
    errors: { change_not_found: 404, record_not_found: 404 },
  }),
};
