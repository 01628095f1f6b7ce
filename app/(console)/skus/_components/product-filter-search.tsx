'use client';

import { useTranslations } from 'next-intl';
import { RecordSearch } from '@/components/form/record-search';
import { productSource } from '@/lib/client/pickers';

/** "Filter by product": finds a product by code or name. Loaded after the list shows (it sits in a closed <details>). */
export function ProductFilterSearch({ onPick }: { onPick: (productId: number) => void }) {
  const tf = useTranslations('find');
  return (
    <RecordSearch
      label={tf('lookUp')}
      action="choose"
      source={productSource}
      messages="find.productSearch"
      onPick={(p) => onPick(p.id)}
    />
  );
}
