'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { ExistingRecordNotice, useCreateGuard } from '@/components/form/create-guard';
import { EntityForm } from '@/components/form/entity-form';
import { formValuesFrom } from '@/components/form/changed-fields';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui';
import { QueryState } from '@/components/record/query-state';
import { useCreateCompany, useUpdateCompany } from '@/lib/client/companies/save-company';
import type { Company } from '@/lib/contract/resources';
import { COMPANY_CREATE_DEFAULTS, COMPANY_FIELDS, COMPANY_LIMITS, COMPANY_TEXT_FIELDS } from './company-fields';
import { useSalespeople } from './use-salespeople';
import { recordQueryOptions } from '@/lib/client/queries';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const companyWrite = () => import('@/lib/contract/companies').then((m) => m.companyWrite);

function useLabels() {
  const t = useTranslations('companies');
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>;
}

function CompanyFields({
  mode,
  salespeople,
}: {
  mode: 'create' | 'edit';
  salespeople: ReturnType<typeof useSalespeople>;
}) {
  const t = useTranslations('companies');
  const tf = useTranslations('forms');
  const placeholder = mode === 'create' ? tf('createDefault', { value: tf('emptyDefault') }) : undefined;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <TextField
        name="outerSysCode"
        label={t('fields.outerSysCode')}
        max={COMPANY_LIMITS.outerSysCode}
        placeholder={placeholder}
      />
      <TextField name="name" label={t('fields.name')} max={COMPANY_LIMITS.name} placeholder={placeholder} />
      <TextField
        name="shortName"
        label={t('fields.shortName')}
        max={COMPANY_LIMITS.shortName}
        placeholder={placeholder}
      />
      <TextField
        name="cellPhone"
        type="tel"
        label={t('fields.cellPhone')}
        max={COMPANY_LIMITS.cellPhone}
        placeholder={placeholder}
      />
      <TextField
        name="shippingAddress"
        label={t('fields.shippingAddress')}
        max={COMPANY_LIMITS.shippingAddress}
        placeholder={placeholder}
      />
      <SelectField
        name="internalUserId"
        label={t('fields.internalUserId')}
        emptyLabel={mode === 'create' ? t('tenantDefaultSalesperson') : t('chooseSalesperson')}
        required={mode === 'edit'}
        description={mode === 'create' ? t('salespersonCreateHelp') : undefined}
        options={salespeople.options}
      />
    </div>
  );
}

/** Edit form: opens with the record, sends only what changed. */
export function CompanyEditForm({ company }: { company: Company }) {
  const router = useRouter();
  const tr = useTranslations('records');
  const client = useQueryClient();
  const salespeople = useSalespeople();
  const update = useUpdateCompany(company.id);
  const labels = useLabels();
  const original = formValuesFrom(company, COMPANY_TEXT_FIELDS);
  if (salespeople.query.isPending || salespeople.query.error) {
    return (
      <QueryState
        isPending={salespeople.query.isPending}
        error={salespeople.query.error}
        onRetry={() => void salespeople.query.refetch()}
        notFound=""
      />
    );
  }
  return (
    <EntityForm
      schema={companyWrite}
      fields={COMPANY_FIELDS}
      initialValues={original}
      original={original}
      labels={labels}
      formatValue={(field, value) =>
        field === 'internalUserId' && typeof value === 'number' ? salespeople.nameOf(value) : undefined
      }
      mode="edit"
      submitLabel={tr('reviewAndSave')}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={async () =>
        formValuesFrom(
          await client.fetchQuery({ ...recordQueryOptions('company', company.id), staleTime: 0 }),
          COMPANY_TEXT_FIELDS,
        )
      }
      onSaved={() => {
        toast.success(tr('saved'));
        router.push(`/companies/${company.id}`);
      }}
      onCancel={() => router.push(`/companies/${company.id}`)}
    >
      <CompanyFields mode="edit" salespeople={salespeople} />
    </EntityForm>
  );
}

/** Create form: create defaults shown as placeholders and help; only filled-in fields are sent. */
export function CompanyCreateForm() {
  const router = useRouter();
  const tf = useTranslations('forms');
  const tr = useTranslations('records');
  const salespeople = useSalespeople();
  const create = useCreateCompany();
  const guard = useCreateGuard('companies');
  const labels = useLabels();
  if (salespeople.query.isPending || salespeople.query.error) {
    return (
      <QueryState
        isPending={salespeople.query.isPending}
        error={salespeople.query.error}
        onRetry={() => void salespeople.query.refetch()}
        notFound=""
      />
    );
  }
  return (
    <div className="space-y-5">
      <Alert tone="info" role={undefined}>
        {tf('activeOnCreate')}
      </Alert>
      <EntityForm
        schema={companyWrite}
        fields={COMPANY_FIELDS}
        initialValues={COMPANY_CREATE_DEFAULTS}
        original={COMPANY_CREATE_DEFAULTS}
        labels={labels}
        formatValue={(field, value) =>
          field === 'internalUserId' && typeof value === 'number' ? salespeople.nameOf(value) : undefined
        }
        mode="create"
        submitLabel={tr('reviewAndCreate')}
        onSave={(changes) => create.mutateAsync(changes)}
        beforeSend={guard.beforeSend}
        recheck={guard.recheck}
        onSaved={(result) => {
          guard.announce(result);
          router.push(`/companies/${result.id}`);
        }}
        onCancel={() => router.push('/companies')}
      >
        <ExistingRecordNotice resource="companies" />
        <CompanyFields mode="create" salespeople={salespeople} />
      </EntityForm>
    </div>
  );
}
