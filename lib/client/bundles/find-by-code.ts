import type { Bundle } from '@/lib/contract/bundles';
import { getAllBundles } from './get-bundles';

/**
 * The create-overwrite guard for bundles: the bundles a create with this ERP code would update instead of
 * creating (the upsert matches codes exactly and case-sensitively; the list filter is a case-insensitive
 * substring, so rows are narrowed here). Kept to this one function so the shared guard of issue 10 can
 * replace it without touching the form.
 */
export async function findBundlesByCode(code: string, signal?: AbortSignal): Promise<Bundle[]> {
  if (code === '') return [];
  const rows = await getAllBundles({ outerSysCode: code }, { signal });
  return rows.filter((b) => b.outerSysCode === code);
}
