import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getCurrentUser } from '@/lib/server/auth/request';
import { EXPORT_JOB_THRESHOLD } from '@/lib/server/exports';
import { ExportsPage } from './_components/exports-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('exports');

export default async function Page() {
  if (!(await getCurrentUser())) redirect('/sign-in?next=/exports');
  const t = await getTranslations('exports');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
          {t('intro', { threshold: EXPORT_JOB_THRESHOLD })}
        </p>
      </header>
      <ExportsPage threshold={EXPORT_JOB_THRESHOLD} />
    </div>
  );
}
