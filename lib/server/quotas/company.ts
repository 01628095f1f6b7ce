import 'server-only';
import type { UpstreamClient } from '../upstream';

/**
 * The company a quota write names: its `companyId`, or the one company whose ERP code is exactly `companyCode`
 * (trimmed); null when neither names exactly one (the service refuses such an item itself). The approval gate,
 * an import's hold and a revert's review all find the company this way.
 */
export async function companyIdOf(
  upstream: UpstreamClient,
  key: { companyId?: unknown; companyCode?: unknown },
  signal?: AbortSignal,
): Promise<number | null> {
  if (typeof key.companyId === 'number' && Number.isFinite(key.companyId)) return key.companyId;
  const code = typeof key.companyCode === 'string' ? key.companyCode.trim() : '';
  if (code === '') return null;
  const page = await upstream.list('companies', { filters: { outerSysCode: code }, pageSize: 2 }, signal);
  const exact = (page.data ?? []).filter((c) => c.outerSysCode === code);
  return exact.length === 1 ? exact[0]!.id : null;
}
