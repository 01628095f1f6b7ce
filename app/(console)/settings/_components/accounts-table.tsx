'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LinkButton } from '@/components/ui/link-button';
import { Select, SelectOptions } from '@/components/ui/select';
import { ROLES, type Role } from '@/lib/contract/roles';
import { changeRoleAction, setDisabledAction, type SettingsActionState } from '../actions';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

export type AccountRow = {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  disabled: boolean;
};

function report(state: SettingsActionState) {
  if (state.ok) toast.success(state.message);
  else toast.error(state.message);
}

function RoleCell({ account }: { account: AccountRow }) {
  const t = useTranslations('settings');
  const roles = useTranslations('roles');
  const [role, setRole] = useState<string>(account.role ?? '');
  const [pending, start] = useTransition();
  const selectId = `role-${account.id}`;
  return (
    // Wraps rather than let "Save role" run under the status column when the table is narrow.
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        start(async () => report(await changeRoleAction(account.id, account.name, role)));
      }}
    >
      <label htmlFor={selectId} className="sr-only">
        {t('changeRole', { name: account.name })}
      </label>
      {/* As wide as its longest role in either language (a fixed width clipped "Steward" to "Stewa"). */}
      <Select
        id={selectId}
        value={role}
        onChange={(event) => setRole(event.target.value)}
        className="w-auto min-w-fit shrink-0"
      >
        {account.role === null ? <option value="">—</option> : null}
        <SelectOptions options={ROLES.map((r) => ({ value: r, label: roles(r) }))} />
      </Select>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        pending={pending}
        disabled={role === account.role || role === ''}
      >
        {t('saveRole')}
        <span className="sr-only">: {account.name}</span>
      </Button>
    </form>
  );
}

function DisableCell({ account }: { account: AccountRow }) {
  const t = useTranslations('settings');
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();
  const run = (disabled: boolean) =>
    start(async () => {
      const state = await setDisabledAction(account.id, account.name, disabled);
      setConfirming(false);
      report(state);
    });

  if (account.disabled) {
    return (
      <Button size="sm" variant="secondary" pending={pending} onClick={() => run(false)}>
        {t('enable')}
        <span className="sr-only">: {account.name}</span>
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
        {t('disable')}
        <span className="sr-only">: {account.name}</span>
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmDisableTitle', { name: account.name })}
        description={t('confirmDisableBody', { email: account.email })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button variant="danger" pending={pending} onClick={() => run(true)}>
              {t('disable')}
            </Button>
          </>
        }
      />
    </>
  );
}

export function AccountsTable({ accounts, currentUserId }: { accounts: AccountRow[]; currentUserId: string }) {
  const t = useTranslations('settings');
  const sessions = useTranslations('sessions');
  const roles = useTranslations('roles');
  return (
    // Cells line up with the card's own padding (px-5).
    <Table caption={t('accountsTitle')} unframed className="[&_:is(th,td)]:px-5 [&_:is(th,td)]:py-3">
      <THead columns={[t('name'), t('email'), t('role'), t('status'), t('actions')]} />
      <TBody>
        {accounts.map((account) => {
          const self = account.id === currentUserId;
          return (
            <Tr key={account.id}>
              <Th scope="row" className="font-medium">
                {account.name}{' '}
                {self ? <span className="font-normal text-zinc-600 dark:text-zinc-400">{t('you')}</span> : null}
              </Th>
              <Td>{account.email}</Td>
              <Td>{self ? account.role ? roles(account.role) : '—' : <RoleCell account={account} />}</Td>
              <Td>
                <Badge tone={account.disabled ? 'danger' : 'success'}>
                  {account.disabled ? t('disabled') : t('active')}
                </Badge>
              </Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  {self ? null : <DisableCell account={account} />}
                  <LinkButton href={`/settings/accounts/${account.id}`} size="sm" variant="secondary">
                    {sessions('manage')}
                    <span className="sr-only">: {account.name}</span>
                  </LinkButton>
                </div>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
