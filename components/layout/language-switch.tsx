'use client';

import { useLocale } from 'next-intl';
import { useFormStatus } from 'react-dom';
import { buttonClasses } from '@/components/ui/button';
import { htmlLang, isLocale, type Locale } from '@/lib/i18n/locale';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const OTHER: Record<Locale, { locale: Locale; name: string }> = {
  en: { locale: 'zh-TW', name: '中文' },
  'zh-TW': { locale: 'en', name: 'English' },
};

function SwitchButton({ locale, name }: { locale: Locale; name: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      lang={htmlLang(locale)}
      disabled={pending}
      aria-busy={pending}
      className={buttonClasses('ghost', 'sm')}
    >
      {name}
    </button>
  );
}

/**
 * Switches to the other language. `choose` is a server action (it saves the choice with the account and in a
 * cookie, then renders the pages again, `<html lang>` included); as a form it works before hydration too.
 */
export function LanguageSwitch({ choose }: { choose: (form: FormData) => Promise<void> }) {
  const current = useLocale();
  const other = OTHER[isLocale(current) ? current : 'en'];
  return (
    <form action={choose}>
      <input type="hidden" name="locale" value={other.locale} />
      <SwitchButton locale={other.locale} name={other.name} />
    </form>
  );
}
