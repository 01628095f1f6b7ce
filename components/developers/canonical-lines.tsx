'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import type { CanonicalPart, SignatureCheck } from '@/lib/contract/console/sandbox';

const PART_KEY = {
  method: 'partMethod',
  path: 'partPath',
  timestamp: 'partTimestamp',
  nonce: 'partNonce',
  body: 'partBody',
} as const satisfies Record<CanonicalPart, string>;

/** Shows a line's bytes as they are: a trailing space or an empty line must be visible. */
function Bytes({ text }: { text: string }) {
  return <code className="block font-mono text-xs break-all whitespace-pre-wrap">{text === '' ? '∅' : text}</code>;
}

/** The sandbox's answer: the canonical string line by line, what differs, the body hashes and header problems. */
export function CanonicalLines({ check }: { check: SignatureCheck }) {
  const t = useTranslations('developers');
  const compared = check.yourLineCount !== null;
  return (
    <section aria-labelledby="canonical-result" className="space-y-3">
      <h3 id="canonical-result" className="font-semibold">
        {t('resultTitle')}
      </h3>
      {check.missingHeaders.length > 0 ? (
        <Alert tone="warning">{t('missingHeaders', { names: check.missingHeaders.join(', ') })}</Alert>
      ) : null}
      {check.clockSkewSeconds !== null ? (
        <Alert tone="warning">{t('clockSkew', { seconds: check.clockSkewSeconds })}</Alert>
      ) : null}
      {compared ? (
        <Alert tone={check.differingLines.length > 0 ? 'error' : 'success'} data-testid="canonical-verdict">
          {check.differingLines.length > 0
            ? t('differingLines', { count: check.differingLines.length, lines: check.differingLines.join(', ') })
            : t('noDifference')}
          {check.yourLineCount !== check.lines.length ? (
            <> {t('lineCount', { count: check.yourLineCount ?? 0 })}</>
          ) : null}
        </Alert>
      ) : null}
      <ol className="space-y-2">
        {check.lines.map((line, index) => (
          <li
            key={line.part}
            className={cn(
              'rounded-md border p-2',
              line.differs
                ? 'border-red-400 bg-red-50 dark:border-red-700 dark:bg-red-950'
                : 'border-zinc-200 dark:border-zinc-700',
            )}
          >
            <p className="flex justify-between gap-2 text-xs font-medium text-zinc-700 dark:text-zinc-300">
              <span>
                {t('line')} {index + 1} · {t(PART_KEY[line.part])}
              </span>
              {compared ? (
                <span className={line.differs ? 'text-red-800 dark:text-red-300' : undefined}>
                  {line.differs ? t('differs') : t('same')}
                </span>
              ) : null}
            </p>
            <dl className="mt-1 space-y-1">
              <div>
                <dt className="sr-only">{t('service')}</dt>
                <dd>
                  <Bytes text={line.service} />
                </dd>
              </div>
              {line.differs ? (
                <div className="border-t border-red-200 pt-1 dark:border-red-800">
                  <dt className="text-xs text-zinc-700 dark:text-zinc-300">{t('yours')}</dt>
                  <dd>
                    <Bytes text={line.yours ?? ''} />
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
      <div className="space-y-1 text-sm">
        <h4 className="font-semibold">{t('bodyHash')}</h4>
        <p className="font-mono text-xs break-all">{t('bodyHashService', { hash: check.bodySha256 })}</p>
        {check.yourBodySha256 !== null ? (
          <p className="font-mono text-xs break-all">{t('bodyHashYours', { hash: check.yourBodySha256 })}</p>
        ) : null}
      </div>
    </section>
  );
}
