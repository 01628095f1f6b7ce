import { requireUser } from '@/lib/server/auth/page';
import { FailedSync } from '../_components/failed-sync';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('workbench', 'syncTitle');

export default async function FailedSyncPage() {
  await requireUser('/imports/sync', 'runImports');
  return <FailedSync />;
}
