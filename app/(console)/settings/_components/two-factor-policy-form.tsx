'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toast';
import { ROLES, type Role } from '@/lib/contract/roles';
import { saveTwoFactorPolicyAction } from '../actions';

/** An admin's choice of the roles that must have a second factor. */
export function TwoFactorPolicyForm({ policy, demoMode }: { policy: Record<Role, boolean>; demoMode: boolean }) {
  const t = useTranslations('twoFactor');
  const roles = useTranslations('roles');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = Object.fromEntries(ROLES.map((role) => [role, form.get(role) === 'on'])) as Record<Role, boolean>;
    startTransition(async () => {
      const state = await saveTwoFactorPolicyAction(chosen);
      if (state.ok) {
        setProblem(null);
        toast.success(state.message);
      } else setProblem(state.message);
    });
  }

  return (
    <form onSubmit={save} className="space-y-3" aria-busy={pending}>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {demoMode ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('policyDemo')}</p> : null}
      <div className="flex flex-wrap gap-6">
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            name={role}
            defaultChecked={policy[role]}
            label={t('policyRole', { role: roles(role) })}
          />
        ))}
      </div>
      <Button type="submit" pending={pending}>
        {t('policySave')}
      </Button>
    </form>
  );
}
