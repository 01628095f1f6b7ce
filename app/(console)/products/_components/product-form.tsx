'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { formValuesFrom } from '@/components/form/changed-fields';
import { ExistingRecordNotice, useCreateGuard } from '@/components/form/create-guard';
import { EntityForm } from '@/components/form/entity-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { QueryState } from '@/components/record/query-state';
import { useCreateProduct, useUpdateProduct } from '@/lib/client/products/save-product';
import type { Product } from '@/lib/contract/resources';
import { LIMITS } from '@/lib/contract/values';
import { useCategories } from '@/components/record/use-categories';
import { recordQueryOptions } from '@/lib/client/queries';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const productWrite = () => import('@/lib/contract/products').then((m) => m.productWrite);
const productCreate = () => import('./product-schemas').then((m) => m.productCreate);

const FIELDS = ['outerSysCode', 'name', 'productCategoryId'] as const;
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

function useLabels() {
  const t = useTranslations('products');
  return Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>;
}

export function ProductForm({ product, initialCategoryId }: { product?: Product; initialCategoryId?: number }) {
  const router = useRouter();
  const tr = useTranslations('records');
  const categories = useCategories();
  const labels = useLabels();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? 0);
  const guard = useCreateGuard('products');
  const client = useQueryClient();
  if (categories.query.isPending || categories.query.error) {
    return (
      <QueryState
        isPending={categories.query.isPending}
        error={categories.query.error}
        onRetry={() => void categories.query.refetch()}
        notFound=""
      />
    );
  }
  const mode = product ? 'edit' : 'create';
  const original = product ? formValuesFrom(product, ['outerSysCode', 'name']) : CREATE_DEFAULTS;
  const initial = product ? original : { ...CREATE_DEFAULTS, productCategoryId: initialCategoryId ?? null };
  return (
    <EntityForm
      schema={product ? productWrite : productCreate}
      fields={FIELDS}
      initialValues={initial}
      original={original}
      labels={labels}
      formatValue={(field, value) =>
        field === 'productCategoryId' && typeof value === 'number' ? categories.pathOf(value) : undefined
      }
      mode={mode}
      submitLabel={product ? tr('reviewAndSave') : tr('reviewAndCreate')}
      onSave={(changes) => (product ? update.mutateAsync(changes) : create.mutateAsync(changes))}
      reread={
        product
          ? async () =>
              formValuesFrom(await client.fetchQuery({ ...recordQueryOptions('product', product.id), staleTime: 0 }), [
                'outerSysCode',
                'name',
              ])
          : undefined
      }
      beforeSend={product ? undefined : guard.beforeSend}
      recheck={product ? undefined : guard.recheck}
      onSaved={(result) => {
        if (product) toast.success(tr('saved'));
        else guard.announce(result);
        router.push(`/products/${result.id}`);
      }}
      onCancel={() => router.push(product ? `/products/${product.id}` : '/products')}
    >
      {product ? null : <ExistingRecordNotice resource="products" />}
      <ProductFields mode={mode} categories={categories} />
    </EntityForm>
  );
}
