'use client';

import { useTranslations } from 'next-intl';
import { formValuesFrom, type FormValue } from '@/components/form/changed-fields';
import { RecordCreateForm, RecordEditForm } from '@/components/form/record-forms';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui';
import { QueryGate } from '@/components/record/query-state';
import { useCreateCompany, useUpdateCompany } from '@/lib/client/companies/save-company';
import { useReadAfresh } from '@/lib/client/queries';
import type { Company } from '@/lib/contract/resources';
import { COMPANY_CREATE_DEFAULTS, COMPANY_FIELDS, COMPANY_LIMITS, COMPANY_TEXT_FIELDS } from './company-fields';
import { useSalespeople } from '@/components/record/use-salespeople';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const companyWrite = () => import('@/lib/contract/companies').then((m) => m.companyWrite);

/** The review's labels, and a salesperson named rather than shown by id. */
function useReviewFormat(salespeople: ReturnType<typeof useSalespeople>) {
  const t = useTranslations('companies');
  return {
    labels: Object.fromEntries(COMPANY_FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>,
    formatValue: (field: string, value: FormValue) =>
      field === 'internalUserId' && typeof value === 'number' ? salespeople.nameOf(value) : undefined,
  };
}

function CompanyFields({
  mode,
  salespeople,
  current,
}: {
  mode: 'create' | 'edit';
  salespeople: ReturnType<typeof useSalespeople>;
  /** The company's salesperson as opened: offered even when no longer one who may hold companies. */
  current?: number | null;
}) {
  const t = useTranslations('companies');
  const tf = useTranslations('forms');
  const placeholder = mode === 'create' ? tf('createDefault', { value: tf('emptyDefault') }) : undefined;
  const text = (name: (typeof COMPANY_TEXT_FIELDS)[number], type?: 'tel') => (
    <TextField
      name={name}
      type={type}
      label={t(`fields.${name}`)}
      max={COMPANY_LIMITS[name]}
      placeholder={placeholder}
    />
  );
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {text('outerSysCode')}
      {text('name')}
      {text('shortName')}
      {text('cellPhone', 'tel')}
      {text('shippingAddress')}
      <SelectField
        name="internalUserId"
        label={t('fields.internalUserId')}
        emptyLabel={mode === 'create' ? t('tenantDefaultSalesperson') : t('chooseSalesperson')}
        required={mode === 'edit'}
        description={mode === 'create' ? t('salespersonCreateHelp') : t('salespersonHelp')}
        options={salespeople.pickable(current)}
      />
    </div>
  );
}

/** Edit form: opens with the record, sends only what changed. */
export function CompanyEditForm({ company }: { company: Company }) {
  const salespeople = useSalespeople();
  const update = useUpdateCompany(company.id);
  const readAfresh = useReadAfresh();
  const review = useReviewFormat(salespeople);
  return (
    <QueryGate query={salespeople.query}>
      <RecordEditForm
        schema={companyWrite}
        fields={COMPANY_FIELDS}
        original={formValuesFrom(company, COMPANY_TEXT_FIELDS)}
        {...review}
        onSave={(changes) => update.mutateAsync(changes)}
        reread={async () => formValuesFrom(await readAfresh('company', company.id), COMPANY_TEXT_FIELDS)}
        href={`/companies/${company.id}`}
        record={{ type: 'companies', id: company.id }}
      >
        <CompanyFields mode="edit" salespeople={salespeople} current={company.internalUserId} />
      </RecordEditForm>
    </QueryGate>
  );
}

/** Create form: create defaults shown as placeholders and help; only filled-in fields are sent. */
export function CompanyCreateForm() {
  const tf = useTranslations('forms');
  const salespeople = useSalespeople();
  const create = useCreateCompany();
  const review = useReviewFormat(salespeople);
  return (
    <QueryGate query={salespeople.query}>
      <div className="space-y-5">
        <Alert tone="info" role={undefined}>
          {tf('activeOnCreate')}
        </Alert>
        <RecordCreateForm
          resource="companies"
          schema={companyWrite}
          fields={COMPANY_FIELDS}
          defaults={COMPANY_CREATE_DEFAULTS}
          {...review}
          onSave={(changes) => create.mutateAsync(changes)}
        >
          <CompanyFields mode="create" salespeople={salespeople} />
        </RecordCreateForm>
      </div>
    </QueryGate>
  );
}
