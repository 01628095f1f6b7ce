'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, Button, Dialog, Field, Input, Select, SelectOptions } from '@/components/ui';
import { leavesNoActiveAdmin, type UserRoleDirectory } from '@/lib/contract/user-roles';
import type { InternalUser, InternalUserUpdate } from '@/lib/contract/internal-users';
import { useRoleNames } from './use-role-names';

export type AccessAction = 'deactivate' | 'activate' | 'role';

/**
 * The confirmation before a change of sign-in or role. It says what happens to the user's sessions and,
 * when the console can see it from the roles it knows, that the change would leave no active administrator
 * (the platform then refuses it: the person may still send it, as the platform has the last word).
 */
export function UserAccessDialog({
  action,
  user,
  users,
  roles,
  pending,
  onConfirm,
  onClose,
}: {
  action: AccessAction | null;
  user: InternalUser;
  users: InternalUser[];
  roles: UserRoleDirectory;
  pending: boolean;
  onConfirm: (changes: InternalUserUpdate) => void;
  onClose: () => void;
}) {
  const t = useTranslations('users.actions');
  const tu = useTranslations('users');
  const roleNames = useRoleNames(roles);
  const [roleText, setRoleText] = useState('');
  const [openedFor, setOpenedFor] = useState(action);
  // Each opening starts afresh: a role picked the last time is not carried over.
  if (openedFor !== action) {
    setOpenedFor(action);
    setRoleText('');
  }
  const name = user.name || user.account || `#${user.id}`;
  const newRoleId = /^[1-9][0-9]{0,15}$/.test(roleText) ? Number(roleText) : null;

  let changes: InternalUserUpdate | null = null;
  if (action === 'deactivate') changes = { status: 'Inactive' };
  else if (action === 'activate') changes = { status: 'Active' };
  else if (action === 'role' && newRoleId !== null && newRoleId !== user.roleId) changes = { roleId: newRoleId };

  const risky = action === 'deactivate' || action === 'role';
  const leaves =
    risky && changes
      ? leavesNoActiveAdmin(users, roles.roles, {
          id: user.id,
          roleId: changes.roleId ?? undefined,
          status: changes.status === 'Inactive' ? 'Inactive' : undefined,
        })
      : false;

  // The words of each action: its dialog's title and body, and its confirming button.
  const key = action === 'role' || action === null ? 'changeRole' : action;
  const title = t(`${key}Title`, { name });
  const body = t(`${key}Body`, { name });
  const confirmLabel = t(key);

  const close = onClose;

  return (
    <Dialog
      open={action !== null}
      onClose={() => {
        if (!pending) close();
      }}
      title={title}
      description={body}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button
            variant={action === 'deactivate' ? 'danger' : 'primary'}
            pending={pending}
            disabled={changes === null}
            onClick={() => {
              if (changes) onConfirm(changes);
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {action === 'role' ? (
          <>
            <p className="text-sm">{t('currentRole', { role: roleNames.nameOf(user.roleId) })}</p>
            {roleNames.named ? (
              <Field label={t('newRole')}>
                <Select value={roleText} onChange={(e) => setRoleText(e.target.value)}>
                  <option value="">{tu('chooseRole')}</option>
                  <SelectOptions options={roleNames.options.filter((o) => o.value !== user.roleId)} />
                </Select>
              </Field>
            ) : (
              <Field label={tu('fields.roleIdNumber')} description={tu('rolesNotConfigured')}>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  value={roleText}
                  onChange={(e) => setRoleText(e.target.value.trim())}
                />
              </Field>
            )}
            {newRoleId !== null && newRoleId === user.roleId ? <p className="text-sm">{t('sameRole')}</p> : null}
          </>
        ) : null}
        {leaves === true ? <Alert tone="warning">{t('lastAdminWarning')}</Alert> : null}
        {risky && leaves === null ? (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('adminUnknown')}</p>
        ) : null}
      </div>
    </Dialog>
  );
}
