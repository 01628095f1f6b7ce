'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui';
import type { FamilyName } from '@/lib/csv/families';
import type { SendFailure as Failure } from './reducer';

/** Why the import did not start or stopped while uploading, with a link to the import when there is one. */
export function SendFailure({ failure, family }: { failure: Failure; family: FamilyName | '' }) {
  const t = useTranslations('imports');
  return (
    <Alert tone="error">
      {failure.code === 'import_already_running' && family ? (
        <>
          {t('alreadyRunning', { family: t(`families.${family}`) })}{' '}
          {failure.activeImportId ? (
            <a className="underline" href={`/imports/${failure.activeImportId}`}>
              {t('openRunning')}
            </a>
          ) : null}
        </>
      ) : failure.startedImportId ? (
        <>
          {t(failure.startUnknown ? 'startUnknown' : 'uploadStopped', { reason: failure.code })}{' '}
          <a className="underline" href={`/imports/${failure.startedImportId}`}>
            {t('openImport')}
          </a>
        </>
      ) : (
        t('sendFailed', { reason: failure.code })
      )}
    </Alert>
  );
}
