'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { normaliseBackupCode } from '@/lib/contract/two-factor';
import { authRequest, codeProblem } from './auth-request';

/**
 * The second step of a sign-in (or of a session that owes its code): a code from the authenticator app, or one
 * of the backup codes. Wrong codes count toward the account's pause on the server; the code never leaves this
 * form but to better-auth's endpoint.
 */
export function CodeChallenge({ next }: { next: string }) {
  const t = useTranslations('twoFactor');
  const [backup, setBackup] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ReturnType<typeof codeProblem> | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const code = backup ? normaliseBackupCode(typed) : typed;
    if (!code) return input.current?.focus();
    setPending(true);
    const answer = await authRequest('POST', backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
      code,
    });
    if (answer.status === 200) {
      window.location.assign(next);
      return;
    }
    setPending(false);
    setProblem(codeProblem(answer));
    if (input.current) input.current.value = '';
    input.current?.focus();
  }

  const expired = problem?.key === 'expired';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
      {problem ? (
        <Alert tone="error">
          {t(problem.key, problem.values)}{' '}
          {expired ? (
            <Link className="underline" href="/sign-in">
              {t('signInAgain')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Field
        key={backup ? 'backup' : 'app'}
        label={backup ? t('backupCode') : t('code')}
        description={backup ? t('backupCodeHint') : t('codeHint')}
        required
      >
        <Input
          ref={input}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoFocus
          required
        />
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        {t('verify')}
      </Button>
      <button
        type="button"
        className="text-sm text-blue-700 underline dark:text-blue-300"
        onClick={() => {
          setBackup(!backup);
          setProblem(null);
        }}
      >
        {backup ? t('useAppCode') : t('useBackupCode')}
      </button>
    </form>
  );
}
