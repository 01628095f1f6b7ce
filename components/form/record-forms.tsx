'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { recordHref } from '@/lib/client/code-lookup';
import { attentionKeys } from '@/lib/client/console-keys';
import { RETURN_PARAM, safeReturnPath } from '@/lib/client/return-to';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';
import type { CodeLookupResource } from '@/lib/contract/code-lookup';
import type { RestoreType } from '@/lib/contract/console/restores';
import { ExistingRecordNotice, useCreateGuard } from './create-guard';
import { EntityForm, type EntityFormProps, type FieldOf, type FormSchema, type FormValues } from './entity-form';
import { RestorePanel } from './restore-panel';

/** The edit page's parameter naming the History entry to restore (a change record id). */
export const RESTORE_PARAM = 'restore';

/** What EntityForm's callers set themselves on a record page; the rest these forms decide. */
type Decided =
  'mode' | 'submitLabel' | 'initialValues' | 'original' | 'onSaved' | 'onCancel' | 'beforeSend' | 'recheck';

/**
 * The edit form of a record's own page: opens with the record; saved, says so and goes back to the record, or to
 * the page its link came from (`?back=`, a finding's fix: the findings still open, read afresh).
 */
export function RecordEditForm<S extends FormSchema, Result>({
  href,
  original,
  record,
  children,
  ...rest
}: Omit<EntityFormProps<S, Result>, Decided> & {
  /** The record's page, where Save and Cancel lead. */
  href: string;
  original: FormValues<FieldOf<S>>;
  /** The record, for "Restore earlier values" from its History (`?restore=<change>`): master data only. */
  record?: { type: RestoreType; id: number };
}) {
  const router = useRouter();
  const tr = useTranslations('records');
  const client = useQueryClient();
  const params = useSearchParams();
  const back = safeReturnPath(params.get(RETURN_PARAM));
  const change = record ? params.get(RESTORE_PARAM) : null;
  const [restores, setRestores] = useState<string | null>(null);
  // The restore panel's chosen prices, reviewed by "Review and save" when the form itself has nothing to send.
  const reviewPrices = useRef<(() => boolean) | null>(null);
  return (
    <EntityForm
      {...rest}
      restores={restores}
      onUnchanged={() => reviewPrices.current?.() ?? false}
      focus={params.get(FOCUS_PARAM)}
      initialValues={original}
      original={original}
      mode="edit"
      submitLabel={tr('reviewAndSave')}
      onSaved={() => {
        toast.success(tr('saved'));
        if (back) void client.invalidateQueries({ queryKey: attentionKeys.all });
        router.push(back ?? href);
      }}
      onCancel={() => router.push(back ?? href)}
    >
      {record && change && /^[1-9][0-9]{0,18}$/.test(change) ? (
        <RestorePanel
          type={record.type}
          id={record.id}
          change={change}
          fields={rest.fields}
          labels={rest.labels}
          formatValue={rest.formatValue as ((field: string, value: unknown) => string | undefined) | undefined}
          onApplied={setRestores}
          reviewPrices={reviewPrices}
        />
      ) : null}
      {children}
    </EntityForm>
  );
}

/**
 * The create form of a master-data family: the shared create guard (an existing record with the ERP code is
 * shown while typing and nothing is sent, since the create would overwrite it: an upsert by code), then the
 * new record's page.
 */
export function RecordCreateForm<S extends FormSchema, Result extends { id: number; existing?: boolean }>({
  resource,
  defaults,
  initialValues = defaults,
  cancelHref = `/${resource}`,
  children,
  ...rest
}: Omit<EntityFormProps<S, Result>, Decided> & {
  resource: CodeLookupResource;
  /** The create defaults the changes are measured against. */
  defaults: FormValues<FieldOf<S>>;
  /** What the boxes start with when not the defaults (a product chosen before opening the form). */
  initialValues?: FormValues<FieldOf<S>>;
  cancelHref?: string;
}) {
  const router = useRouter();
  const tr = useTranslations('records');
  const guard = useCreateGuard(resource);
  return (
    <EntityForm
      {...rest}
      initialValues={initialValues}
      original={defaults}
      mode="create"
      submitLabel={tr('reviewAndCreate')}
      beforeSend={guard.beforeSend}
      recheck={guard.recheck}
      onSaved={(result) => {
        guard.announce(result);
        router.push(recordHref(resource, result.id));
      }}
      onCancel={() => router.push(cancelHref)}
    >
      <ExistingRecordNotice resource={resource} />
      {children}
    </EntityForm>
  );
}
