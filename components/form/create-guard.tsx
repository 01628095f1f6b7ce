'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Alert, LinkButton } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { checkCode, codeLookupQueryOptions, recordHref } from '@/lib/client/code-lookup';
import { lookupForCreate, type CodeLookup, type CodeLookupResource } from '@/lib/contract/code-lookup';

function lookupOf(resource: CodeLookupResource, values: Record<string, unknown>): CodeLookup | null {
  return lookupForCreate(resource, { outerSysCode: values.outerSysCode, productId: values.productId });
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Inside a create form (an EntityForm child): as the ERP code is typed, says whether a record already has
 * it, links to it and offers to edit it instead. The API would silently update that record (an upsert by
 * code), so the form's `beforeSend` from useCreateGuard refuses to send while one exists.
 */
export function ExistingRecordNotice({ resource }: { resource: CodeLookupResource }) {
  const t = useTranslations('writes');
  const [code, productId] = useWatch({ name: ['outerSysCode', 'productId'] }) as [unknown, unknown];
  const lookup = useDebounced(lookupOf(resource, { outerSysCode: code, productId }), 400);
  const query = useQuery({ ...codeLookupQueryOptions(lookup ?? { resource, code: '' }), enabled: lookup !== null });
  if (!lookup) return null;
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('checkingCode')}
      </p>
    );
  }
  if (query.error) {
    const sentence = isApiError(query.error) ? query.error.sentence : String(query.error);
    return <Alert tone="warning">{t('codeCheckFailed', { sentence })}</Alert>;
  }
  const found = query.data;
  if (found.length === 0) return null;
  const first = found[0]!;
  return (
    <Alert tone="warning" title={t('existingTitle', { resource, code: lookup.code })} id="existing-record">
      <p>{found.length === 1 ? t('existingBody') : t('existingMany', { count: found.length })}</p>
      <ul className="mt-2 flex flex-wrap items-center gap-3">
        {found.map((r) => (
          <li key={r.id}>
            <Link className="underline" href={recordHref(resource, r.id)}>
              {t('openExisting', { name: r.name || r.outerSysCode || `#${r.id}` })}
            </Link>
          </li>
        ))}
        {found.length === 1 ? (
          <li>
            <LinkButton size="sm" href={recordHref(resource, first.id, true)}>
              {t('editInstead')}
            </LinkButton>
          </li>
        ) : null}
      </ul>
    </Alert>
  );
}

/** The create form's last checks: before sending, and after a create whose outcome is unknown. */
export function useCreateGuard(resource: CodeLookupResource) {
  const client = useQueryClient();
  const t = useTranslations('writes');
  const tr = useTranslations('records');
  return {
    /** After a create: says whether it made a record or (a race since the check) updated one with its code. */
    announce: (result: { id: number; existing?: boolean }) => {
      if (result.existing) toast.warning(t('existingUpdated'));
      else toast.success(tr('created'));
    },
    /** Looks the code up afresh just before sending; a sentence when a record has it (nothing is sent). */
    beforeSend: async (values: Record<string, unknown>): Promise<string | null> => {
      const lookup = lookupOf(resource, values);
      if (!lookup) return null;
      const found = await checkCode(client, lookup);
      return found.length > 0 ? t('existingBlocked') : null;
    },
    /** After an unknown outcome: does a record with this code exist now? */
    recheck: async (values: Record<string, unknown>): Promise<string> => {
      const lookup = lookupOf(resource, values);
      if (!lookup) return t('lookupNoCode');
      const found = await checkCode(client, lookup);
      return found.length > 0 ? t('lookupFound') : t('lookupNotFound');
    },
  };
}
