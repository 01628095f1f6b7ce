import 'server-only';

// The public face of lib/server/mirror: other folders import from here, not from its files.
export { mirrorCopy, type MirrorCopy } from './copy/copy';
export {
  createOldValuesLookup,
  OLD_VALUES_READ_BUDGET_MS,
  type OldValuesInput,
  type OldValuesLookup,
  type SignedSend,
} from './reads/old-values';
export { MIRROR_ENTITY_NAMES, type MirrorEntityName } from './copy/entities';
export { mirrorReadiness } from './copy/freshness';
export { listFiltersOf, mirrorPage, mirrorServes, readList } from './reads/lists';
export { correctMirrorLater } from './reads/page-reads';
export { askForRound, refreshCopy, type PassSchedule } from './passes/refresh';
export { MIRROR_REFRESH_CHANNEL, mirrorPassJob, mirrorPassUnits, type MirrorPassParams } from './passes/pass-job';
export {
  READ_BACK_TIMEOUT_MS,
  readBack,
  readBackInParts,
  readBackWithTicket,
  storeReadBack,
  writeThrough,
  writtenByFamily,
  writtenByOperation,
  type ReadBack,
  type ReadBackPart,
} from './copy/write-through';
export { readShownList, type LiveListPage } from './reads/shown-list';
export { readSalespeople, salesRoleIds } from './reads/salespeople';
