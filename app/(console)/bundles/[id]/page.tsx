import { prefetchBundle } from '../../_lib/prefetch-bundle';
import { prefetchedRecordRoute } from '../../_lib/prefetched-record-route';
import { BundleDetail } from '../_components/bundle-detail';

export default prefetchedRecordRoute(prefetchBundle, BundleDetail);
