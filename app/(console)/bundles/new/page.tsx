import { NewBundlePage } from '../_components/new-bundle-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('bundles', 'newTitle');

export default function Page() {
  return <NewBundlePage />;
}
