'use client';

import { recordLabel, RecordCreatePage, RecordEditPage } from '@/components/record/record-form-page';
import { useRecord } from '@/lib/client/queries';
import { SkuForm } from './sku-form';

export function SkuEditPage({ id }: { id: number }) {
  return <RecordEditPage namespace="skus" id={id} form={(s) => <SkuForm sku={s} />} />;
}

/** Opened from a product's page, the way back is to that product. */
export function NewSkuPage({ initialProductId }: { initialProductId?: number }) {
  const product = useRecord('product', initialProductId);
  const back = initialProductId
    ? { href: `/products/${initialProductId}`, label: recordLabel(product.data, initialProductId) }
    : undefined;
  return (
    <RecordCreatePage namespace="skus" back={back}>
      <SkuForm initialProductId={initialProductId} />
    </RecordCreatePage>
  );
}
