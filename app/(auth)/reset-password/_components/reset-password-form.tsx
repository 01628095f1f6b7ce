'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { completeResetAction } from '../actions';

/** The token is in the link's fragment, which only the browser sees; it is posted with the new password. */
export function ResetPasswordForm() {
  const t = useTranslations('passwordReset');
  const [state, action, pending] = useActionState(completeResetAction, null);
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    // Read once after hydration: the fragment never reaches the server render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  }, []);

  if (token === '') return <Alert tone="error">{t('missing')}</Alert>;
  return (
    <form action={action} className="space-y-4" aria-busy={pending}>
      <input type="hidden" name="token" value={token ?? ''} />
      {state && !state.ok && !state.fields ? <Alert tone="error">{state.message}</Alert> : null}
      <Field label={t('newPassword')} description={t('hint')} error={state?.fields?.password} required>
        <Input name="password" type="password" autoComplete="new-password" minLength={8} maxLength={128} required />
      </Field>
      <Button type="submit" pending={pending} disabled={token === null} className="w-full">
        {t('submit')}
      </Button>
    </form>
  );
}
