import { requireUser } from '@/lib/server/auth/page';
import { NewImport } from '../_components/new-import';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('imports', 'newTitle');

export default async function NewImportPage() {
  await requireUser('/imports/new', 'runImports');
  return <NewImport />;
}
