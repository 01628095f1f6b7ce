'use client';

import { useTranslations } from 'next-intl';
import { startTransition, useActionState, useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectOptions } from '@/components/ui/select';
import { ROLES } from '@/lib/contract/roles';
import { createAccountAction, type SettingsActionState } from '../actions';

/** Create a console account. What was typed stays in the fields when the server refuses it. */
export function CreateAccountForm() {
  const t = useTranslations('settings');
  const roles = useTranslations('roles');
  const [state, action, pending] = useActionState<SettingsActionState | null, FormData>(createAccountAction, null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      toast.success(state.message);
      formRef.current?.reset();
      return;
    }
    // Send the keyboard to the first field the server complained about.
    const first = state.fields && Object.keys(state.fields)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [state]);

  const fields = state && !state.ok ? (state.fields ?? {}) : {};
  const formError = state && !state.ok && !state.fields ? state.message : null;

  return (
    <form
      ref={formRef}
      action={action}
      // React resets a form after an action; keep what was typed unless the account was created.
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        event.preventDefault();
        startTransition(() => action(data));
      }}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
    >
      {formError ? (
        <Alert tone="error" className="sm:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <Field label={t('email')} error={fields.email} required>
        <Input name="email" type="email" autoComplete="off" required />
      </Field>
      <Field label={t('name')} error={fields.name} required>
        <Input name="name" autoComplete="off" required maxLength={100} />
      </Field>
      <Field label={t('role')} error={fields.role} required>
        <Select name="role" defaultValue="viewer" required>
          <SelectOptions options={ROLES.map((role) => ({ value: role, label: roles(role) }))} />
        </Select>
      </Field>
      <Field label={t('initialPassword')} description={t('passwordHint')} error={fields.password} required>
        <Input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" pending={pending}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
