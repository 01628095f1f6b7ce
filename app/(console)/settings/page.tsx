import { getFormatter, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { can } from '@/lib/contract/roles';
import { listAccounts } from '@/lib/server/accounts';
import { policyFor } from '@/lib/server/approvals';
import { requireUser } from '@/lib/server/auth/page';
import { signOut } from '../actions';
import { AccountsTable } from './_components/accounts-table';
import { ApprovalPolicyForm } from './_components/approval-policy-form';
import { CreateAccountForm } from './_components/create-account-form';
import { SessionsCard } from './_components/sessions-card';
import { TwoFactorCard, TwoFactorPolicyCard } from './_components/two-factor-cards';
import { plainSpaces } from '@/lib/i18n/formats';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { serverContext } from '@/lib/server/console-api';

export const generateMetadata = titleMetadata('settings');

export default async function SettingsPage() {
  const user = await requireUser('/settings');
  const t = await getTranslations('settings');
  const roles = await getTranslations('roles');
  const shell = await getTranslations('shell');
  const manage = can(user.role, 'manageAccounts');
  const accounts = manage ? await listAccounts(await serverContext().consoleDb(), user) : null;
  const approvalPolicy = can(user.role, 'manageApprovalPolicy')
    ? await policyFor(await serverContext().consoleDb(), serverContext().tenant, serverContext().env.demoMode)
    : null;
  const a = await getTranslations('approvals.policy');
  const format = await getFormatter();

  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('heading')}</h1>

      <TitledCard id="your-account" title={t('yourAccount')} contentClassName="space-y-4">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">{t('name')}</dt>
          <dd>{user.name}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">{t('email')}</dt>
          <dd>{user.email}</dd>
          <dt className="font-medium text-zinc-600 dark:text-zinc-400">{t('role')}</dt>
          <dd>
            <Badge>{roles(user.role)}</Badge>
          </dd>
        </dl>
        <form action={signOut} className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary">
            {shell('signOut')}
          </Button>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('signOutHint')}</p>
        </form>
      </TitledCard>

      <Suspense>
        <TwoFactorCard user={user} />
      </Suspense>

      {/* Its own boundary: the page's heading and forms never wait for the list of sessions. */}
      <Suspense fallback={null}>
        <SessionsCard actor={user} account={user} />
      </Suspense>

      {accounts?.ok ? (
        <>
          <Suspense>
            <TwoFactorPolicyCard />
          </Suspense>
          {approvalPolicy ? (
            <TitledCard id="approval-policy" title={a('title')} intro={a('help')}>
              <ApprovalPolicyForm
                policy={approvalPolicy.policy}
                version={
                  approvalPolicy.version === null
                    ? a('default')
                    : a('version', {
                        version: approvalPolicy.version,
                        who: approvalPolicy.savedByEmail ?? '',
                        when: plainSpaces(format.dateTime(new Date(approvalPolicy.savedAt ?? 0), 'dateTime')),
                      })
                }
              />
            </TitledCard>
          ) : null}
          <TitledCard
            id="console-accounts"
            title={t('accountsTitle')}
            intro={t('accountsIntro')}
            contentClassName="overflow-x-auto p-0"
          >
            <AccountsTable accounts={accounts.value} currentUserId={user.id} />
          </TitledCard>
          <TitledCard id="new-account" title={t('createTitle')} intro={t('createIntro')}>
            <CreateAccountForm />
          </TitledCard>
        </>
      ) : null}
    </div>
  );
}
