import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { TitledCard } from '@/components/ui';
import { DetailList } from './detail-list';

type PlainValue = string | number | null | undefined;
/** A field shown as the record holds it. */
type PlainField<T> = { [K in keyof T]: T[K] extends PlainValue ? K : never }[keyof T] & string;
/** A field shown some other way (a link, a badge, a name looked up), or labelled other than `fields.<field>`. */
type ShownField = { field: string; label?: string; value: ReactNode };

const CARD_IDS = {
  companies: 'company-details',
  products: 'product-details',
  skus: 'sku-details',
  bundles: 'bundle-details',
  users: 'user-details',
};

/**
 * A record page's Details card: its fields in the given order, each labelled with the family's `fields.<name>`
 * words; an empty value reads "Not set". Anything after the list (a link onward) comes as children.
 */
export function RecordDetails<T>({
  namespace,
  record,
  fields,
  children,
}: {
  namespace: keyof typeof CARD_IDS;
  record: T;
  fields: (PlainField<T> | ShownField)[];
  children?: ReactNode;
}) {
  const t = useTranslations(namespace);
  const tr = useTranslations('records');
  const label = (field: string) => t(`fields.${field}`);
  const items = fields.map((f) =>
    typeof f === 'string'
      ? { label: label(f), value: record[f] as PlainValue }
      : { label: f.label ?? label(f.field), value: f.value },
  );
  return (
    <TitledCard id={CARD_IDS[namespace]} title={t('details')}>
      <DetailList emptyText={tr('notSet')} items={items} />
      {children}
    </TitledCard>
  );
}
