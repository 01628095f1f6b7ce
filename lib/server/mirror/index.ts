import 'server-only';

// The public face of lib/server/mirror: other folders import from here, not from its files.
export { mirrorCopy, type MirrorCopy } from './copy';
export {
  createOldValuesLookup,
  OLD_VALUES_READ_BUDGET_MS,
  type OldValuesInput,
  type OldValuesLookup,
  type SignedSend,
} from './old-values';
export { MIRROR_ENTITY_NAMES, type MirrorEntityName } from './entities';
export { mirrorReadiness } from './freshness';
export { listFiltersOf, mirrorPage, mirrorServes, readList } from './lists';
export { correctMirrorLater } from './page-reads';
export { askForRound, refreshCopy, type PassSchedule } from './refresh';
export { MIRROR_REFRESH_CHANNEL, mirrorPassJob, mirrorPassUnits, type MirrorPassParams } from './pass-job';
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
} from './write-through';
export { readShownList, type LiveListPage } from './shown-list';
export { readSalespeople, salesRoleIds } from './salespeople';
