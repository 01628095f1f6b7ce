import { requireUser } from '@/lib/server/auth/page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { RejectionsPage } from '../_components/rejections/rejections-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('rejections');

/** The rows an ERP sync could not apply: grouped by cause, to fix and resend, dismiss or report. */
export default async function Page() {
  await requireUser('/imports/rejections', 'runImports');
  return <RejectionsPage />;
}
