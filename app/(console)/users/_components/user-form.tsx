'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { EntityForm } from '@/components/form/entity-form';
import { RecordEditForm } from '@/components/form/record-forms';
import { ApiError } from '@/lib/client/api-error';
import { formValuesFrom, type FormValue } from '@/components/form/changed-fields';
import { NumberField } from '@/components/form/number-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { internalUsersQueryOptions } from '@/lib/client/internal-users/get-internal-users';
import { useCreateInternalUser, useUpdateInternalUser } from '@/lib/client/internal-users/save-internal-user';
import type { InternalUser } from '@/lib/contract/internal-users';
import { INTERNAL_USER_LIMITS as L } from '@/lib/contract/values';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import { PasswordField } from './password-field';
import { useRoleNames } from './use-role-names';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const createSchema = () => import('./user-schemas').then((m) => m.userCreateSchema);
const editSchema = () => import('./user-schemas').then((m) => m.userEditSchema);

const CREATE_FIELDS = ['account', 'name', 'email', 'password', 'roleId', 'status', 'outerSysCode'] as const;
const EDIT_FIELDS = ['name', 'email', 'password', 'outerSysCode'] as const;
const TEXT_FIELDS = ['account', 'name', 'email', 'outerSysCode'] as const;
/** Create defaults: status Active (the API's default, so it is sent only when changed). */
const CREATE_DEFAULTS: Record<string, FormValue> = {
  account: '',
  name: '',
  email: '',
  password: '',
  roleId: null,
  status: 'Active',
  outerSysCode: '',
};

function useFormat(roles: UserRoleDirectory) {
  const t = useTranslations('users');
  const tr = useTranslations('records');
  const roleNames = useRoleNames(roles);
  const labels = Object.fromEntries(CREATE_FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>;
  const formatValue = (field: string, value: FormValue) => {
    if (field === 'password') return value ? t('passwordHidden') : undefined;
    if (field === 'roleId' && typeof value === 'number') return roleNames.nameOf(value);
    if (field === 'status' && (value === 'Active' || value === 'Inactive')) return tr(`status.${value}`);
    return undefined;
  };
  return { labels, formatValue, roleNames };
}

export function UserCreateForm({ roles }: { roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  const tr = useTranslations('records');
  const router = useRouter();
  const create = useCreateInternalUser();
  const { labels, formatValue, roleNames } = useFormat(roles);
  return (
    <EntityForm
      schema={createSchema}
      fields={CREATE_FIELDS}
      initialValues={CREATE_DEFAULTS}
      original={CREATE_DEFAULTS}
      labels={labels}
      formatValue={formatValue}
      mode="create"
      submitLabel={tr('reviewAndCreate')}
      onSave={(changes) => create.mutateAsync(changes)}
      onSaved={({ id }) => {
        toast.success(tr('created'));
        router.push(`/users/${id}`);
      }}
      onCancel={() => router.push('/users')}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <TextField name="account" label={t('fields.account')} max={L.account} required description={t('accountHelp')} />
        <TextField name="name" label={t('fields.name')} max={L.name} required />
        <TextField name="email" type="email" label={t('fields.email')} max={L.email} required />
        <TextField name="outerSysCode" label={t('fields.outerSysCode')} max={L.outerSysCode} />
        {roleNames.named ? (
          <SelectField
            name="roleId"
            label={t('fields.roleId')}
            emptyLabel={t('chooseRole')}
            required
            options={roleNames.options}
          />
        ) : (
          <NumberField
            name="roleId"
            label={t('fields.roleIdNumber')}
            step="1"
            min={1}
            required
            description={t('rolesNotConfigured')}
          />
        )}
        <SelectField
          name="status"
          label={t('fields.status')}
          numeric={false}
          description={t('statusCreateHelp')}
          options={[
            { value: 'Active', label: tr('status.Active') },
            { value: 'Inactive', label: tr('status.Inactive') },
          ]}
        />
        <div className="md:col-span-2">
          <PasswordField mode="create" />
        </div>
      </div>
    </EntityForm>
  );
}

/** Edit: name, email, ERP code and a new password; only what changed is sent, the password only when typed. */
export function UserEditForm({ user }: { user: InternalUser }) {
  const t = useTranslations('users');
  const client = useQueryClient();
  const update = useUpdateInternalUser(user.id);
  const { labels, formatValue } = useFormat({ roles: [], source: 'none' });
  const valuesOf = (u: InternalUser) => ({ ...formValuesFrom(u, TEXT_FIELDS), password: '' });
  // No single-user GET: the re-read before sending reads the list afresh and picks this user.
  const reread = async () => {
    const now = (await client.fetchQuery({ ...internalUsersQueryOptions(), staleTime: 0 })).find(
      (u) => u.id === user.id,
    );
    if (!now) throw new ApiError({ status: 404, code: 'not_found', kind: 'http' });
    return valuesOf(now);
  };
  return (
    <RecordEditForm
      schema={editSchema}
      fields={EDIT_FIELDS}
      original={valuesOf(user)}
      labels={labels}
      formatValue={formatValue}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={reread}
      href={`/users/${user.id}`}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('fields.account')}</p>
          <p className="text-sm">{user.account}</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('accountFixed')}</p>
        </div>
        <TextField name="name" label={t('fields.name')} max={L.name} />
        <TextField name="email" type="email" label={t('fields.email')} max={L.email} />
        <TextField name="outerSysCode" label={t('fields.outerSysCode')} max={L.outerSysCode} />
        <div className="md:col-span-2">
          <PasswordField mode="edit" />
        </div>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('editAccessHelp')}</p>
    </RecordEditForm>
  );
}
