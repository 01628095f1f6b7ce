'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { Alert } from '@/components/ui';
import { can } from '@/lib/contract/roles';

/** How a record is named in a back link: its name, else its ERP code, else its id. */
export function recordLabel(record: { name: string | null; outerSysCode: string | null } | undefined, id: number): string {
  return (record && (record.name || record.outerSysCode)) || `#${id}`;
}

/**
 * The frame of every create and edit page: a link back, the page's one h1, and the form only for roles that
 * may edit master data (the proxy refuses the write anyway; this says so before anyone types).
 */
export function RecordFormPage({
  back,
  title,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  children: React.ReactNode;
}) {
  const tr = useTranslations('records');
  const user = useCurrentUser();
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href={back.href} className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {back.label}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{title}</h1>
      </header>
      {can(user.role, 'editMasterData') ? children : <Alert tone="info">{tr('readOnly')}</Alert>}
    </div>
  );
}
