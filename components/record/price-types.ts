import type { FormSchema } from '@/components/form/entity-form';
import type { FormSchemaSource } from '@/components/form/lazy-resolver';

export type PriceChanges = { price?: number; sellPrice?: number };
export type Prices = { price: number | null; sellPrice: number | null };

export interface PricePanelProps {
  /** The catalogue with priceTitle, editPrice, closeEditor, notPriced, notFound, fields.price, fields.sellPrice, priceHelp, pricePanelHelp. */
  namespace: 'skus' | 'bundles';
  /** The SKU's or the bundle's id. */
  id: number;
  /** Sends only the changed prices through that family's price batch. */
  onSave: (changes: PriceChanges) => Promise<unknown>;
  editable: boolean;
  /** Folded on a phone until its title is tapped (a section after a record page's first two). */
  folded?: boolean;
  /** Opened on one price (a finding's fix, `?focus=`): the editor opens with that box focused. */
  focus?: string | null;
  /** After a save (a finding's fix goes back to the findings it came from). */
  afterSave?: () => void;
}

export interface PriceFormProps extends Pick<PricePanelProps, 'namespace' | 'onSave'> {
  prices: Prices;
  /** The write schema of that family's price batch (lib/contract), or a function that imports it. */
  schema: FormSchemaSource<FormSchema>;
  /** Reads the prices afresh just before sending, so a change made meanwhile shows as a conflict. */
  reread: () => Promise<Prices>;
  onClose: () => void;
  afterSave?: () => void;
  /** The price box focused when the form opens. */
  focus?: 'price' | 'sellPrice' | null;
}
