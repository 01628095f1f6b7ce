'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui';
import type { FamilyName } from '@/lib/imports/families';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import type { SendFailure as Failure } from './reducer';

/**
 * Why the import did not start or stopped while uploading, with a link to the import when there is one; or that
 * the comparison with live data failed, which starts nothing.
 */
export function SendFailure({ failure, family }: { failure: Failure; family: FamilyName | '' }) {
  const t = useTranslations('imports');
  const tw = useTranslations('workbench');
  const reason = useErrorMessage()(failure.code);
  return (
    <Alert tone="error">
      {failure.during === 'compare' || failure.during === 'restoreZeros' ? (
        tw('compareFailed', { reason })
      ) : failure.code === 'import_already_running' && family ? (
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
          {t(failure.startUnknown ? 'startUnknown' : 'uploadStopped', { reason })}{' '}
          <a className="underline" href={`/imports/${failure.startedImportId}`}>
            {t('openImport')}
          </a>
        </>
      ) : (
        t('sendFailed', { reason })
      )}
    </Alert>
  );
}
