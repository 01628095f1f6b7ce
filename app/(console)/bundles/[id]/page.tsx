import { prefetchBundle } from '../../_lib/prefetch-bundle';
import { prefetchedRecordRoute } from '../../_lib/record-route';
import { BundleDetail } from '../_components/bundle-detail';

export default prefetchedRecordRoute(prefetchBundle, BundleDetail);
