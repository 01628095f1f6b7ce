import { expect } from 'vitest';

// Server tests are entry points too: the code they call reaches the console database, the upstream and the job
// runner through the process's parts, which the runtime installs when it is loaded (lib/server/process). Only
// there: loading it takes seconds, and the browser's, the contract's and the service's tests never need it.
const testPath = expect.getState().testPath ?? '';
if (/\/(lib\/server|app|scripts)\//.test(testPath)) await import('@/lib/server/runtime');
