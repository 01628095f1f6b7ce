import { attentionApi } from './attention';
import { auditApi } from './audit';
import type { AnyEndpoint } from './endpoint';
import { exportsApi } from './exports';
import { historyApi } from './history';
import { importsApi } from './imports';
import { listsApi } from './lists';
import { opsApi } from './ops';
import { quotasApi } from './quotas';
import { rejectionsApi } from './rejections';
import { restoresApi } from './restores';
import { revertsApi } from './reverts';
import { salespeopleApi } from './salespeople';
import { sandboxApi } from './sandbox';

/**
 * Every endpoint of the console's own API, by area. The test that walks app/api holds the routes to this
 * list both ways: each handler is built from an entry, and each entry has its handler.
 */
export const CONSOLE_API = {
  imports: importsApi,
  exports: exportsApi,
  quotas: quotasApi,
  history: historyApi,
  salespeople: salespeopleApi,
  audit: auditApi,
  ops: opsApi,
  lists: listsApi,
  attention: attentionApi,
  rejections: rejectionsApi,
  reverts: revertsApi,
  restores: restoresApi,
  sandbox: sandboxApi,
} satisfies Record<string, Record<string, AnyEndpoint>>;

export const CONSOLE_ENDPOINTS: AnyEndpoint[] = Object.values(CONSOLE_API).flatMap((area) => Object.values(area));
