'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { RecordDetails } from '@/components/record/record-details';
import { QueryState } from '@/components/record/query-state';
import { RecordHeader } from '@/components/record/record-header';
import { StatusBadge } from '@/components/record/status-badge';
import { Alert, Button } from '@/components/ui';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { useInternalUser, useInternalUsers, userLabel } from '@/lib/client/internal-users/get-internal-users';
import { useUpdateInternalUser } from '@/lib/client/internal-users/save-internal-user';
import { withReview } from '@/lib/client/review';
import type { InternalUserUpdate } from '@/lib/contract/internal-users';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import { UserAccessDialog, type AccessAction } from './user-access-dialog';
import { useRoleNames } from './use-role-names';
import { UserCompanies } from './user-companies';
import { HistoryPanel } from '@/components/record/history-panel';
import { internalUserKeys } from '@/lib/client/query-keys';

type Outcome = { tone: 'error' | 'warning'; title: string; text: string } | null;

export function UserDetail({ id, roles }: { id: number; roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  const ta = useTranslations('users.actions');
  const query = useInternalUser(id);
  const all = useInternalUsers();
  const update = useUpdateInternalUser(id);
  const roleNames = useRoleNames(roles);
  const [action, setAction] = useState<AccessAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [applied, setApplied] = useState('');
  const u = query.data;
  // The last-administrator warning is only as good as the list it reads: read it afresh on each opening.
  const open = (next: AccessAction) => {
    setAction(next);
    void all.refetch();
  };

  const confirm = async (changes: InternalUserUpdate) => {
    if (!u) return;
    const name = u.name || u.account || `#${u.id}`;
    setOutcome(null);
    setApplied('');
    try {
      // The dialog showed the current role and status: they go with the write as its old values, so History
      // says "Sales → Warehouse" rather than "previous value not read".
      const read: Record<string, unknown> = u;
      await update.mutateAsync(
        withReview(
          { ...changes },
          Object.keys(changes).map((field) => ({ field, from: read[field] })),
        ),
      );
      const message =
        changes.status === 'Inactive'
          ? ta('deactivated', { name })
          : changes.status === 'Active'
            ? ta('activated', { name })
            : ta('roleChanged', { name, role: roleNames.nameOf(changes.roleId) });
      setApplied(message);
      toast.success(message);
    } catch (error) {
      if (failedWriteOutcome(error) === 'unknown')
        setOutcome({ tone: 'warning', title: ta('unknownTitle'), text: ta('unknownBody') });
      else
        setOutcome({ tone: 'error', title: ta('refused'), text: isApiError(error) ? error.sentence : String(error) });
    } finally {
      setAction(null);
    }
  };

  return (
    <div className="space-y-6">
      <RecordHeader
        list={{ href: '/users', label: t('title') }}
        title={`${t('user')} ${u ? userLabel(u) : `#${id}`}`}
        editHref={u ? `/users/${id}/edit` : null}
        actions={
          u ? (
            <>
              <Button variant="secondary" onClick={() => open('role')}>
                {ta('changeRole')}
              </Button>
              {u.status === 'Inactive' ? (
                <Button variant="secondary" onClick={() => open('activate')}>
                  {ta('activate')}
                </Button>
              ) : (
                <Button variant="danger" onClick={() => open('deactivate')}>
                  {ta('deactivate')}
                </Button>
              )}
            </>
          ) : null
        }
      />

      <QueryState query={query} notFound={t('notFound')} />
      {query.data === null ? <Alert tone="warning">{t('notFound')}</Alert> : null}
      {outcome ? (
        <Alert tone={outcome.tone} title={outcome.title}>
          {outcome.text}
        </Alert>
      ) : null}
      <p role="status" className="sr-only">
        {applied}
      </p>

      {u ? (
        <>
          <RecordDetails
            namespace="users"
            record={u}
            fields={[
              'id',
              'account',
              'name',
              'email',
              { field: 'roleId', value: roleNames.nameOf(u.roleId) },
              { field: 'status', value: <StatusBadge status={u.status} /> },
              'outerSysCode',
            ]}
          />
          <UserCompanies user={u} />
          <UserAccessDialog
            action={action}
            user={u}
            users={all.data ?? []}
            roles={roles}
            pending={update.isPending}
            onConfirm={(changes) => void confirm(changes)}
            onClose={() => setAction(null)}
          />
        </>
      ) : null}
      <HistoryPanel
        type="users"
        id={id}
        detailKey={internalUserKeys.detail(id)}
        // The page's second section: open on a phone too.
        folded={false}
        fieldLabel={(field) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : field)}
        valueLabel={(field, value) =>
          field === 'roleId' && typeof value === 'number' ? roleNames.nameOf(value) : null
        }
      />
    </div>
  );
}
