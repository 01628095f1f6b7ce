import type { UseQueryResult } from '@tanstack/react-query';
import type { FormSchema } from '@/components/form/entity-form';
import type { FormSchemaSource } from '@/components/form/lazy-resolver';

export type PriceChanges = { price?: number; sellPrice?: number };

export interface PricePanelProps {
  /** The catalogue with priceTitle, editPrice, closeEditor, notPriced, notFound, fields.price, fields.sellPrice, priceHelp, pricePanelHelp. */
  namespace: 'skus' | 'bundles';
  /** The price read (SKU price or bundle price endpoint). */
  price: UseQueryResult<{ price: number | null; sellPrice: number | null }>;
  /** The write schema of that family's price batch (lib/contract), or a function that imports it. */
  schema: FormSchemaSource<FormSchema>;
  /** Sends only the changed prices through that family's price batch. */
  onSave: (changes: PriceChanges) => Promise<unknown>;
  /** Reads the prices afresh just before sending, so a change made meanwhile shows as a conflict. */
  reread: () => Promise<{ price: number | null; sellPrice: number | null }>;
  editable: boolean;
}
