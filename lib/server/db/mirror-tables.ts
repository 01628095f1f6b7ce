import type { RecordType } from '@/lib/contract/history';

/** The mirror's table of each record type (migration 0320). */
export const MIRROR_TABLES: Record<RecordType, string> = {
  companies: 'mirror_company',
  products: 'mirror_product',
  skus: 'mirror_sku',
  bundles: 'mirror_bundle',
  users: 'mirror_internal_user',
};
