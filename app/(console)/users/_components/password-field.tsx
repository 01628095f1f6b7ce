'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFieldError } from '@/components/form/field-error';
import { CharacterCounter, Checkbox, Field, Input, cn } from '@/components/ui';
import {
  loadPasswordStrength,
  type PasswordStrength,
  type PasswordStrengthCheck,
} from '@/lib/client/internal-users/password-strength';
import { charLength } from '@/lib/contract/char-length';
import { INTERNAL_USER_LIMITS as L } from '@/lib/contract/values';

const BAR = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-green-600', 'bg-green-700'] as const;

/**
 * The password box with a strength meter. The API's rule (8 to 128 characters) is the one that is enforced;
 * the meter only advises. Its dictionaries load when the box is first used, so no other page pays for them.
 */
export function PasswordField({ mode }: { mode: 'create' | 'edit' }) {
  const t = useTranslations('users');
  const { register, control, formState } = useFormContext();
  const fieldError = useFieldError();
  const [password, account, name, email] = useWatch({ control, name: ['password', 'account', 'name', 'email'] }) as (
    string | null | undefined
  )[];
  const [shown, setShown] = useState(false);
  const [focused, setFocused] = useState(false);
  const [check, setCheck] = useState<PasswordStrengthCheck | 'failed' | null>(null);
  // Loaded on first use: focus, or a value that arrived without focus (autofill, paste by script).
  const wanted = focused || Boolean(password);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadPasswordStrength().then(
      (fn) => live && setCheck(() => fn),
      () => live && setCheck('failed'),
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  const value = password ?? '';
  const strength = useMemo<PasswordStrength | null>(
    () => (typeof check === 'function' && value !== '' ? check(value, [account ?? '', name ?? '', email ?? '']) : null),
    [check, value, account, name, email],
  );
  const field = register('password');

  return (
    <div className="space-y-2">
      <Field
        id="field-password"
        label={t('fields.password')}
        required={mode === 'create'}
        description={
          mode === 'create'
            ? t('passwordCreateHelp', { min: L.passwordMin, max: L.passwordMax })
            : t('passwordEditHelp', { min: L.passwordMin, max: L.passwordMax })
        }
        error={fieldError(formState.errors.password?.message)}
        counter={value !== '' ? <CharacterCounter count={charLength(value)} max={L.passwordMax} /> : undefined}
      >
        <Input
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required={mode === 'create'}
          {...field}
          onFocus={() => setFocused(true)}
        />
      </Field>
      <Checkbox label={t('showPassword')} checked={shown} onChange={(e) => setShown(e.target.checked)} />
      <StrengthMeter state={check ?? (wanted ? 'loading' : null)} strength={strength} empty={value === ''} />
    </div>
  );
}

function StrengthMeter({
  state,
  strength,
  empty,
}: {
  state: PasswordStrengthCheck | 'loading' | 'failed' | null;
  strength: PasswordStrength | null;
  empty: boolean;
}) {
  const t = useTranslations('users.strength');
  let text: string;
  if (state === 'failed') text = t('unavailable');
  else if (empty || state === null) text = t('idle');
  else if (!strength) text = t('loading');
  else text = t('summary', { level: t(`level.${strength.score}`) });
  const warning = strength?.warning && t.has(`warnings.${strength.warning}`) ? t(`warnings.${strength.warning}`) : null;
  const suggestions = (strength?.suggestions ?? [])
    .filter((s) => t.has(`suggestions.${s}`))
    .map((s) => t(`suggestions.${s}`));
  return (
    <div className="space-y-1">
      <div className="grid h-1.5 grid-cols-5 gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span
            key={i}
            className={cn(
              'rounded-full',
              strength && i <= strength.score ? BAR[strength.score] : 'bg-zinc-200 dark:bg-zinc-700',
            )}
          />
        ))}
      </div>
      <div role="status" className="text-xs text-zinc-700 dark:text-zinc-300">
        <p className={strength ? 'font-medium' : undefined}>{text}</p>
        {warning ? <p>{warning}</p> : null}
        {suggestions.length > 0 ? <p>{suggestions.join(' ')}</p> : null}
      </div>
    </div>
  );
}
