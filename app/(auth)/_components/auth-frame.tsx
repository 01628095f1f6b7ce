import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { chooseLocale } from '@/app/_actions/preferences';

/** The frame of a signed-out page (sign-in, the second factor, a reset link): language, heading and intro above it. */
export function AuthFrame({
  heading,
  intro,
  wide = false,
  children,
}: {
  heading: string;
  intro: string;
  /** Enrolment's QR code and backup codes want more room than a form. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'} space-y-6`}>
        <div className="flex justify-end">
          <LanguageSwitch choose={chooseLocale} />
        </div>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">{heading}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>
        </div>
        {children}
      </div>
    </main>
  );
}
