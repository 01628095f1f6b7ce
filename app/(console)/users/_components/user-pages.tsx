'use client';

import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/record/query-state';
import { RecordFormPage } from '@/components/record/record-form-page';
import { Alert } from '@/components/ui';
import { useInternalUser, userLabel } from '@/lib/client/internal-users/get-internal-users';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import { UserCreateForm, UserEditForm } from './user-form';

export function NewUserPage({ roles }: { roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  return (
    <RecordFormPage back={{ href: '/users', label: t('title') }} title={t('newTitle')} creates>
      <UserCreateForm roles={roles} />
    </RecordFormPage>
  );
}

export function UserEditPage({ id }: { id: number }) {
  const t = useTranslations('users');
  const user = useInternalUser(id);
  const u = user.data;
  return (
    <RecordFormPage back={{ href: `/users/${id}`, label: u ? userLabel(u) : `#${id}` }} title={t('editTitle')}>
      <QueryState query={user} notFound={t('notFound')} />
      {user.data === null ? <Alert tone="warning">{t('notFound')}</Alert> : null}
      {/* Keyed by id: the form opens with the user as loaded and keeps what is typed across refetches. */}
      {u ? <UserEditForm key={u.id} user={u} /> : null}
    </RecordFormPage>
  );
}
