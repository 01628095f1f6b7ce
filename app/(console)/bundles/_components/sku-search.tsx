'use client';

import type { ReactNode } from 'react';
import { RecordSearch } from '@/components/form/record-search';
import { recordLabel, skuSource } from '@/lib/client/pickers';
import type { Sku } from '@/lib/contract/skus';

/** How a SKU is named wherever one is picked: code, name and the id that tells look-alikes apart. */
export const skuLabel = recordLabel;

export interface SkuSearchProps {
  label: string;
  description?: ReactNode;
  /** 'add' for the recipe editor, 'choose' for a filter. */
  action: 'add' | 'choose';
  onPick: (sku: Sku) => void;
  /** SKU ids already taken (shown, not offered again). */
  taken?: ReadonlySet<number>;
}

/**
 * Finds a SKU by part of its code or name (the shared RecordSearch). SKU lists never hold Bundle-type SKUs,
 * so a bundle can never be offered as a component; a typed code is matched as the service matches
 * component codes (exact, case-insensitive).
 */
export function SkuSearch(props: SkuSearchProps) {
  return <RecordSearch {...props} source={skuSource} messages="bundles.search" />;
}
