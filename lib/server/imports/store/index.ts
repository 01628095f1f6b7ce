import 'server-only';

// The imports tables, one file per concern; callers import them from here.
export {
  ROW_STATUSES,
  type ImportMeta,
  type ImportView,
  type RowAttempt,
  type RowStatus,
  type RowView,
  type UploadRow,
} from './types';
export { CHUNK_SIZE, UPLOAD_PART_ROWS } from '@/lib/imports/import-api';
export {
  appendRows,
  assignChunks,
  createImport,
  discardUnstarted,
  ImportNotFoundError,
  markReverts,
  markStarted,
} from './upload';
export {
  getImport,
  HISTORY_STATES,
  importPeople,
  listImports,
  listRows,
  type HistoryState,
  type ImportFilters,
} from './read';
export { closeAbandoned, settle } from './settle';
export {
  loadChunk,
  recordChunkOutcomes,
  recordOutcomes,
  takeChunk,
  type ChunkRow,
  type LoadedChunk,
  type RowOutcome,
  type TakenChunk,
} from './chunks';
export { getSavedMapping, saveMapping } from './mappings';
export { storeBefore } from './before';
