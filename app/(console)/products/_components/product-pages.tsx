'use client';

import { RecordCreatePage, RecordEditPage } from '@/components/record/record-form-page';
import { ProductForm } from './product-form';

export function ProductEditPage({ id }: { id: number }) {
  return <RecordEditPage namespace="products" id={id} form={(p) => <ProductForm product={p} />} />;
}

export function NewProductPage({ initialCategoryId }: { initialCategoryId?: number }) {
  return (
    <RecordCreatePage namespace="products">
      <ProductForm initialCategoryId={initialCategoryId} />
    </RecordCreatePage>
  );
}
