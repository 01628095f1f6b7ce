import 'server-only';
import type { UpstreamClient } from './upstream';

export type Upstream = UpstreamClient;

// The console's upstream client for requests is one of the runtime's parts (lib/server/runtime/parts.ts).
export { getUpstream } from './runtime/parts';
