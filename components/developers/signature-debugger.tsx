'use client';

// Before the contract's zod schemas load: no eval probe under the page's CSP (lib/client/zod-config.ts).
import '@/lib/client/zod-config';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { Alert } from '@/components/ui/alert';
import { consoleFetch } from '@/lib/client/console-fetch';
import {
  sandboxApi,
  SIGNATURE_METHODS,
  type SignatureCheck,
  type SignatureCheckInput,
} from '@/lib/contract/console/sandbox';
import { CanonicalLines } from './canonical-lines';

const EMPTY: SignatureCheckInput = { method: 'GET', pathAndQuery: '', headers: '', body: '', signed: '' };

/** The pasted parts' boxes, as tall as what an integrator usually pastes there. */
const TEXT_ROWS = { headers: 4, body: 3, signed: 5 } as const;

/**
 * The signature debugger's form: the integrator pastes the request they sent (and, optionally, the string they
 * signed); the sandbox answers the canonical string it builds from it, line by line, and which lines differ.
 */
export function SignatureDebugger() {
  const t = useTranslations('developers');
  const [input, setInput] = useState<SignatureCheckInput>(EMPTY);
  const [state, setState] = useState<
    { status: 'idle' | 'pending' | 'failed' } | { status: 'done'; check: SignatureCheck }
  >({ status: 'idle' });
  const set = (key: keyof SignatureCheckInput) => (event: { target: { value: string } }) =>
    setInput((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ status: 'pending' });
    try {
      setState({ status: 'done', check: await consoleFetch(sandboxApi.signature, { body: input }) });
    } catch {
      setState({ status: 'failed' });
    }
  };

  return (
    <div className="mt-3 grid gap-6 lg:grid-cols-2">
      <form onSubmit={submit} className="space-y-4" aria-label={t('debuggerTitle')}>
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field label={t('method')}>
            <Select name="method" value={input.method} onChange={set('method')}>
              {SIGNATURE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('path')} description={t('pathHint')}>
            <Input
              name="pathAndQuery"
              value={input.pathAndQuery}
              onChange={set('pathAndQuery')}
              className="font-mono"
              spellCheck={false}
              autoComplete="off"
            />
          </Field>
        </div>
        {(['headers', 'body', 'signed'] as const).map((name) => (
          <Field key={name} label={t(name)} description={t(`${name}Hint`)}>
            <Textarea
              name={name}
              rows={TEXT_ROWS[name]}
              value={input[name]}
              onChange={set(name)}
              className="font-mono"
              spellCheck={false}
            />
          </Field>
        ))}
        <Button type="submit" pending={state.status === 'pending'}>
          {state.status === 'pending' ? t('checking') : t('check')}
        </Button>
      </form>
      <div aria-live="polite">
        {state.status === 'failed' ? <Alert tone="error">{t('failed')}</Alert> : null}
        {state.status === 'done' ? <CanonicalLines check={state.check} /> : null}
      </div>
    </div>
  );
}
