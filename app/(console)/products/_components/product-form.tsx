'use client';

import { useTranslations } from 'next-intl';
import { formValuesFrom, type FormValue } from '@/components/form/changed-fields';
import { RecordCreateForm, RecordEditForm } from '@/components/form/record-forms';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { QueryGate } from '@/components/record/query-state';
import { useCategories } from '@/components/record/use-categories';
import { useCreateProduct, useUpdateProduct } from '@/lib/client/products/save-product';
import { useReadAfresh } from '@/lib/client/queries';
import type { Product } from '@/lib/contract/resources';
import { LIMITS } from '@/lib/contract/values';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const productWrite = () => import('@/lib/contract/products').then((m) => m.productWrite);
const productCreate = () => import('./product-schemas').then((m) => m.productCreate);

const FIELDS = ['outerSysCode', 'name', 'productCategoryId'] as const;
const TEXT_FIELDS = ['outerSysCode', 'name'] as const;
const CREATE_DEFAULTS = { outerSysCode: '', name: '', productCategoryId: null };

function ProductFields({
  mode,
  categories,
}: {
  mode: 'create' | 'edit';
  categories: ReturnType<typeof useCategories>;
}) {
  const t = useTranslations('products');
  const tf = useTranslations('forms');
  const placeholder = mode === 'create' ? tf('createDefault', { value: tf('emptyDefault') }) : undefined;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField
        name="outerSysCode"
        label={t('fields.outerSysCode')}
        max={LIMITS.product.outerSysCode}
        placeholder={placeholder}
      />
      <TextField name="name" label={t('fields.name')} max={LIMITS.product.name} placeholder={placeholder} />
      <SelectField
        name="productCategoryId"
        label={t('fields.productCategoryId')}
        emptyLabel={t('chooseCategory')}
        required
        description={t('categoryHelp')}
        groups={categories.groups}
      />
    </div>
  );
}

/** The review's labels, and a category named by its path rather than its id. */
function useReviewFormat(categories: ReturnType<typeof useCategories>) {
  const t = useTranslations('products');
  return {
    labels: Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>,
    formatValue: (field: string, value: FormValue) =>
      field === 'productCategoryId' && typeof value === 'number' ? categories.pathOf(value) : undefined,
  };
}

function ProductEditForm({ product, categories }: { product: Product; categories: ReturnType<typeof useCategories> }) {
  const update = useUpdateProduct(product.id);
  const readAfresh = useReadAfresh();
  const review = useReviewFormat(categories);
  return (
    <RecordEditForm
      schema={productWrite}
      fields={FIELDS}
      original={formValuesFrom(product, TEXT_FIELDS)}
      {...review}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={async () => formValuesFrom(await readAfresh('product', product.id), TEXT_FIELDS)}
      href={`/products/${product.id}`}
      record={{ type: 'products', id: product.id }}
    >
      <ProductFields mode="edit" categories={categories} />
    </RecordEditForm>
  );
}

function ProductCreateForm({
  initialCategoryId,
  categories,
}: {
  initialCategoryId?: number;
  categories: ReturnType<typeof useCategories>;
}) {
  const create = useCreateProduct();
  const review = useReviewFormat(categories);
  return (
    <RecordCreateForm
      resource="products"
      schema={productCreate}
      fields={FIELDS}
      defaults={CREATE_DEFAULTS}
      initialValues={{ ...CREATE_DEFAULTS, productCategoryId: initialCategoryId ?? null }}
      {...review}
      onSave={(changes) => create.mutateAsync(changes)}
    >
      <ProductFields mode="create" categories={categories} />
    </RecordCreateForm>
  );
}

export function ProductForm({ product, initialCategoryId }: { product?: Product; initialCategoryId?: number }) {
  const categories = useCategories();
  return (
    <QueryGate query={categories.query}>
      {product ? (
        <ProductEditForm product={product} categories={categories} />
      ) : (
        <ProductCreateForm initialCategoryId={initialCategoryId} categories={categories} />
      )}
    </QueryGate>
  );
}
