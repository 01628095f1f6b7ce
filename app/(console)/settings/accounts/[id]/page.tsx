import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { TitledCard } from '@/components/ui/card';
import { listAccounts, RESET_LINK_HOURS } from '@/lib/server/accounts';
import { requireUser } from '@/lib/server/auth/page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { ResetPasswordCard } from '../../_components/reset-password-card';
import { SessionsCard } from '../../_components/sessions-card';
import { serverContext } from '@/lib/server/console-api';

export const generateMetadata = titleMetadata('settings');

/** An admin's page for one console account: where it is signed in (each session can be ended) and a password reset. */
export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/settings/accounts/${encodeURIComponent(id)}`, 'manageAccounts');
  const accounts = await listAccounts(await serverContext().consoleDb(), user);
  const account = accounts.ok ? accounts.value.find((a) => a.id === id) : undefined;
  if (!account) notFound();
  const t = await getTranslations('sessions');
  const self = account.id === user.id;
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title={t('manageLabel', { name: account.name })}
        intro={account.email}
        back={<Link href="/settings">{t('back')}</Link>}
      />
      <SessionsCard actor={user} account={account} />
      {self ? null : (
        <TitledCard
          id="reset-password"
          title={t('resetTitle')}
          intro={t('resetIntro', { name: account.name, hours: RESET_LINK_HOURS })}
        >
          <ResetPasswordCard account={account} />
        </TitledCard>
      )}
    </div>
  );
}
