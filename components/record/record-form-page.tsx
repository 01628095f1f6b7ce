'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import { useCurrentUser } from '@/components/session/current-user';
import { Alert } from '@/components/ui';
import { useRecord } from '@/lib/client/queries';
import type { ReadResult } from '@/lib/contract/endpoints';
import { can } from '@/lib/contract/roles';
import { QueryState } from './query-state';

/** The master-data families with create and edit pages; each name is its catalogue namespace and its path. */
type FormNamespace = 'companies' | 'products' | 'skus' | 'bundles';
type Named = { id: number; name: string | null; outerSysCode: string | null };

/** How a record is named in a back link: its name, else its ERP code, else its id. */
export function recordLabel(
  record: { name: string | null; outerSysCode: string | null } | undefined,
  id: number,
): string {
  return (record && (record.name || record.outerSysCode)) || `#${id}`;
}

/**
 * The frame of every create and edit page: a link back, the page's one h1, and the form only for roles that
 * may edit master data (the proxy refuses the write anyway; this says so before anyone types).
 */
export function RecordFormPage({
  back,
  title,
  creates = false,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  /** A create page: there is no record yet, so the refusal does not speak of "this record". */
  creates?: boolean;
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
      {can(user.role, 'editMasterData') ? (
        children
      ) : (
        <Alert tone="info">{tr(creates ? 'readOnlyCreate' : 'readOnly')}</Alert>
      )}
    </div>
  );
}

/** A create page: back to the family's list (or where the caller says), and the family's "new" title. */
export function RecordCreatePage({
  namespace,
  back,
  children,
}: {
  namespace: FormNamespace;
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  const t = useTranslations(namespace);
  return (
    <RecordFormPage back={back ?? { href: `/${namespace}`, label: t('title') }} title={t('newTitle')} creates>
      {children}
    </RecordFormPage>
  );
}

/** The read of a family's record, by the family's namespace. */
const RECORD_READS = { companies: 'company', products: 'product', skus: 'sku', bundles: 'bundle' } as const;
type RecordOf<N extends FormNamespace> = ReadResult<(typeof RECORD_READS)[N]>;

/**
 * An edit page: back to the record, its read's loading and failure, then the form for the record as loaded.
 * The form is keyed by id, so it opens with the record as loaded and keeps what is typed across refetches.
 */
export function RecordEditPage<N extends FormNamespace>({
  namespace,
  id,
  form,
}: {
  namespace: N;
  id: number;
  form: (record: RecordOf<N>) => ReactNode;
}) {
  const t = useTranslations(namespace as FormNamespace);
  const read = useRecord(RECORD_READS[namespace], id);
  const record = read.data;
  // Every family's record has a name and an ERP code (lib/contract): what the back link shows.
  const label = recordLabel(record as Named | undefined, id);
  return (
    <RecordFormPage back={{ href: `/${namespace}/${id}`, label }} title={t('editTitle')}>
      <QueryState query={read} notFound={t('notFound')} />
      {record ? <Fragment key={id}>{form(record)}</Fragment> : null}
    </RecordFormPage>
  );
}
