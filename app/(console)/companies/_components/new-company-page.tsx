'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { Alert } from '@/components/ui';
import { can } from '@/lib/contract/roles';
import { CompanyCreateForm } from './company-form';

export function NewCompanyPage() {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href="/companies" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {t('title')}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('newTitle')}</h1>
      </header>
      {can(user.role, 'editMasterData') ? <CompanyCreateForm /> : <Alert tone="info">{tr('readOnly')}</Alert>}
    </div>
  );
}
