import { prefetchSku } from '../../_lib/prefetch-sku';
import { prefetchedRecordRoute } from '../../_lib/prefetched-record-route';
import { SkuDetail } from '../_components/sku-detail';

export default prefetchedRecordRoute(prefetchSku, SkuDetail);
