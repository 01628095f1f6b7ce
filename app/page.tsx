import { getTranslations } from 'next-intl/server';

export default async function HomePage() {
  const t = await getTranslations('home');
  return (
    <main className="p-8">
      <h1 className="text-2xl font-semibold">{t('heading')}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
    </main>
  );
}
