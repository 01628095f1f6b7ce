import { getTranslations } from 'next-intl/server';
import { chooseLocale } from '@/app/_actions/preferences';
import { ApiReference } from '@/components/developers/api-reference';
import { SignatureDebugger } from '@/components/developers/signature-debugger';
import { SigningExamples } from '@/components/developers/signing-examples';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { HeadedSection } from '@/components/ui/headed-section';
import { requireUser } from '@/lib/server/auth/page';
import { DOCUMENT_URL, readReference, readSigningExamples } from '@/lib/server/developers';
import { serverContext } from '@/lib/server/console-api';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('developers');

/**
 * The integrators' page (issue 64): signing examples, the signature debugger (sandbox only) and the API reference
 * drawn on the server from the OpenAPI document (no script, nothing fetched for it). Open to anyone in demo mode
 * (the sandbox's credentials are published anyway); elsewhere behind sign-in.
 */
export default async function DevelopersPage() {
  const { env } = serverContext();
  if (!env.demoMode) await requireUser('/developers');
  const t = await getTranslations('developers');
  const [examples, reference] = await Promise.all([readSigningExamples(), readReference()]);

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-7xl space-y-10 px-4 py-6 focus:outline-none lg:px-8">
      <header className="space-y-2">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <LanguageSwitch choose={chooseLocale} />
        </div>
        <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
        {env.service.sandbox ? (
          <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('sandboxNote')}</p>
        ) : null}
        <p className="text-sm">
          <a href={DOCUMENT_URL} download="openapi.json" className="text-blue-700 underline dark:text-blue-400">
            {t('documentLink')}
          </a>
        </p>
      </header>
      <HeadedSection id="signing-examples" title={t('examplesTitle')}>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('examplesIntro')}</p>
        <SigningExamples examples={examples} />
      </HeadedSection>
      {env.service.sandbox ? (
        <HeadedSection id="signature-debugger" title={t('debuggerTitle')}>
          <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('debuggerIntro')}</p>
          <SignatureDebugger />
        </HeadedSection>
      ) : null}
      <HeadedSection id="api-reference" title={t('referenceTitle')}>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('referenceNote')}</p>
        <ApiReference reference={reference} />
      </HeadedSection>
    </main>
  );
}
