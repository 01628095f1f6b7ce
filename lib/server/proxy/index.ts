export { createProxyHandler } from './handler';
export type { AuditEntry, ProxyDeps, ProxySend, ProxySendInput, ProxyUser } from './handler';
export { PROXY_PREFIX, resolveTarget } from './path';
export { REFUSALS, refuse, type RefusalCode } from './refusals';
export { summariseWrite } from './audit-summary';
