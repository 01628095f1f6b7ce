import 'server-only';
import { IMPORT_JOB_KINDS } from '../imports/import-job';
import type { AnyJobKind } from './kind';

/** Every job kind this console runs. A kind not listed here is never claimed by this build. */
export const JOB_KINDS: readonly AnyJobKind[] = [...Object.values(IMPORT_JOB_KINDS)];
