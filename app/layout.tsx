import type { Metadata } from 'next';
import localFont from 'next/font/local';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { THEME_SCRIPT } from '@/components/layout/theme-script';
import { ThemeSync } from '@/components/layout/theme-sync';
import { ErrorCatalogueSync } from '@/components/layout/error-catalogue-sync';
import { TimeZoneSync } from '@/components/layout/time-zone-sync';
import { scopeMessages } from '@/lib/i18n/client-scopes';
import { htmlLang, isLocale } from '@/lib/i18n/locale';
import './globals.css';
// Pages and their server actions are entry points: loading the console's context installs the process's parts.
import '@/lib/server/console-api';

/**
 * Geist (the `geist` package's variable font, SIL OFL: geist-OFL.txt) cut to Latin, punctuation, arrows and the
 * comparison signs: 34 kB instead of 70 kB, preloaded on every first visit. Chinese text uses the system's CJK fonts
 * (globals.css) in either case. Made with fontTools (Debian's python3-fonttools):
 *   pyftsubset node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2 --layout-features='*' --flavor=woff2 \
 *     --unicodes=U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,\
 *       U+20AC,U+2122,U+2190-2199,U+2212,U+2215,U+2260-2265,U+FEFF,U+FFFD --output-file=app/fonts/geist-sans-latin.woff2
 */
const geistSans = localFont({
  src: './fonts/geist-sans-latin.woff2',
  variable: '--font-geist-sans',
  weight: '100 900',
});

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return {
    title: { default: t('title'), template: `%s · ${t('title')}` },
    // public/icon.svg; public/robots.txt keeps the console out of search engines, and so does this.
    icons: { icon: { url: '/icon.svg', type: 'image/svg+xml' } },
    robots: { index: false, follow: false },
  };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  // proxy.ts puts this response's CSP nonce here; without it the browser refuses the inline script.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang={htmlLang(isLocale(locale) ? locale : 'en')} className={geistSans.variable} suppressHydrationWarning>
      <head>
        {/* Sets the remembered theme before the first paint, so dark mode does not flash white. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white font-sans text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        {/* Only the namespaces every page's client components need; layouts below add their own. */}
        <NextIntlClientProvider messages={scopeMessages(await getMessages(), '')}>
          <TimeZoneSync />
          <ThemeSync />
          <ErrorCatalogueSync />
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
