import { ProductDetail } from '../_components/product-detail';
import { recordIdOf, type RecordParams } from '../../_lib/record-id';

export default async function ProductPage({ params }: RecordParams) {
  const id = await recordIdOf(params);
  return <ProductDetail id={id} />;
}
