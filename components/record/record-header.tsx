'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { LinkButton } from '@/components/ui';
import { PageHeader } from '@/components/ui/page-header';

/**
 * A record page's header: a link back to its list, the h1 (the kind and the record's name), and "Edit" for
 * those who may (`editHref`), with any other actions after it.
 */
export function RecordHeader({
  list,
  title,
  editHref,
  actions,
}: {
  list: { href: string; label: string };
  title: string;
  editHref?: string | null;
  actions?: React.ReactNode;
}) {
  const tr = useTranslations('records');
  const edit = editHref ? (
    <LinkButton href={editHref} variant="primary">
      {tr('edit')}
    </LinkButton>
  ) : null;
  return (
    <PageHeader
      back={
        <Link href={list.href} className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
          {list.label}
        </Link>
      }
      title={title}
      actions={
        edit || actions ? (
          <>
            {edit}
            {actions}
          </>
        ) : undefined
      }
    />
  );
}
