'use client';

import { useTranslations } from 'next-intl';
import { Alert, Button } from '@/components/ui';

/**
 * What a form's last save came to when it was not applied: an unknown outcome (it may have been applied),
 * with a way to find out, or the sentences saying why nothing was changed.
 */
export function SaveOutcome({
  mode,
  unknown,
  checking,
  checkLabel,
  onCheck,
  errors,
}: {
  mode: 'create' | 'edit';
  unknown: { sentence: string; found?: string } | null;
  checking: boolean;
  /** The button that finds out (re-read the record, look the code up); none when there is no way. */
  checkLabel: string | null;
  onCheck: () => void;
  errors: string[];
}) {
  const t = useTranslations('forms');
  const tw = useTranslations('writes');
  return (
    <>
      {unknown ? (
        <Alert tone="warning" title={tw('unknownTitle')}>
          <p>{mode === 'create' ? tw('unknownCreateBody') : tw('unknownBody')}</p>
          <p className="mt-1 text-xs">{unknown.sentence}</p>
          {unknown.found ? <p className="mt-2 font-medium">{unknown.found}</p> : null}
          {checkLabel ? (
            <Button className="mt-2" size="sm" variant="secondary" pending={checking} onClick={onCheck}>
              {checkLabel}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {errors.length > 0 ? (
        <Alert tone="error" title={mode === 'create' ? t('createFailed') : t('saveFailed')}>
          {errors.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </Alert>
      ) : null}
    </>
  );
}
