import 'server-only';

// The public face of lib/server/mirror: other folders import from here, not from its files.
export { mirrorCopy, type MirrorCopy } from './copy/copy';
export { createOldValuesLookup, type OldValuesInput, type OldValuesLookup } from './reads/old-values';
export { MIRROR_ENTITY_NAMES, type MirrorEntityName } from './copy/entities';
export { mirrorReadiness } from './copy/freshness';
export { listFiltersOf, mirrorPage, mirrorServes } from './reads/lists';
export { correctMirrorLater } from './reads/page-reads';
export { askForRound, refreshCopy } from './passes/refresh';
export { MIRROR_REFRESH_CHANNEL, mirrorPassJob, mirrorPassUnits, type MirrorPassParams } from './passes/pass-job';
export {
  READ_BACK_TIMEOUT_MS,
  readBackInParts,
  readBackWithTicket,
  storeReadBack,
  writeThrough,
  writtenByFamily,
  writtenByOperation,
  type ReadBack,
} from './copy/write-through';
export { readShownList } from './reads/shown-list';
export { readSalespeople } from './reads/salespeople';
