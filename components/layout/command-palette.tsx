'use client';

import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { isApiError } from '@/lib/client/api-error';
import { searchEverything } from '@/lib/client/search';
import { useCurrentUser } from '../session/current-user';
import { navItemsFor } from './nav-items';
import { useSeparators } from '@/lib/i18n/use-separators';

const DEBOUNCE_MS = 200;

// cmdk's parts are styled through their attributes: the group headings, and the choice the arrow keys are on.
const GROUP =
  'text-sm [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold';
const ITEM =
  'rounded-md px-2 py-1.5 data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-900 dark:data-[selected=true]:bg-blue-950 dark:data-[selected=true]:text-blue-100';

/** A group of choices that each open a page; none shown when it has none. */
function ChoiceGroup({
  heading,
  choices,
  go,
}: {
  heading: string;
  choices: { value: string; href: string; label: string }[];
  go: (href: string) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <Command.Group heading={heading} className={GROUP}>
      {choices.map((c) => (
        <Command.Item key={c.value} value={c.value} onSelect={() => go(c.href)} className={`cursor-pointer ${ITEM}`}>
          {c.label}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

/**
 * The command palette (Ctrl+K or `/`): finds companies, products, SKUs, bundles and, for admins, back-office
 * users by code, name or exact barcode, and offers the pages of the navigation. Loaded on first open
 * (command-palette-trigger.tsx), so list pages do not carry it. cmdk gives the combobox and listbox
 * semantics and the arrow-key/Enter handling; filtering is done by the service, so cmdk's own is off.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('find');
  const nav = useTranslations('nav');
  const marks = useSeparators();
  const router = useRouter();
  const user = useCurrentUser();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  // While an input method composes (Zhuyin ㄨㄌ before 烏龍), the text is not a search yet.
  const [composing, setComposing] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      input.current?.focus();
      input.current?.select();
    }
    if (!open && d.open) d.close();
  }, [open]);

  useEffect(() => {
    if (composing) return;
    const timer = setTimeout(() => setTerm(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, composing]);

  const includeUsers = user.role === 'admin';
  const search = useQuery({
    queryKey: ['search', includeUsers, term],
    queryFn: ({ signal }) => searchEverything(term, { includeUsers, signal }),
    enabled: open && term !== '',
    staleTime: 10_000,
  });

  const lowered = draft.trim().toLowerCase();
  const pages = navItemsFor(user.role).filter(
    (item) => lowered === '' || nav(item.label).toLowerCase().includes(lowered) || item.href.includes(lowered),
  );
  const go = (href: string) => {
    onClose();
    router.push(href);
  };
  const hits = term !== '' && term === draft.trim() ? (search.data?.hits ?? []) : [];
  const busy = draft.trim() !== '' && (composing || term !== draft.trim() || search.isFetching);
  const totals = term !== '' && term === draft.trim() ? (search.data?.totals ?? []) : [];
  // A type's total: its largest per-field count (a record matching by code and by name is one record).
  const byType = [
    ...totals.reduce((m, x) => m.set(x.type, Math.max(m.get(x.type) ?? 0, x.count)), new Map<string, number>()),
  ];

  let status = '';
  if (draft.trim() === '') status = t('hint');
  else if (busy) status = t('searching');
  else if (search.error)
    status = t('failed', { error: isApiError(search.error) ? search.error.sentence : String(search.error) });
  else if (search.data)
    status = byType.length
      ? byType.map(([type, count]) => t(`typeMatches.${type}`, { count })).join(' · ')
      : t('results', { count: 0 });
  const failedTypes = search.data?.failed ?? [];

  return (
    <dialog
      ref={dialog}
      aria-label={t('title')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
      className="m-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {/* cmdk labels its input with `label` (a visually hidden <label>). */}
      <Command label={t('inputLabel')} shouldFilter={false} loop className="flex max-h-[70vh] flex-col">
        <div className="border-b border-zinc-200 p-3 dark:border-zinc-800">
          <Command.Input
            ref={input}
            value={draft}
            onValueChange={setDraft}
            onCompositionStart={() => setComposing(true)}
            onCompositionEnd={(e) => {
              setDraft(e.currentTarget.value);
              setComposing(false);
            }}
            placeholder={t('placeholder')}
            className="w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          <p role="status" className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            {status}
            {failedTypes.length > 0
              ? ` ${t('partlyFailed', { types: failedTypes.map((f) => t(`types.${f}`)).join(marks.list) })}`
              : ''}
          </p>
        </div>
        <Command.List label={t('title')} className="overflow-y-auto p-2">
          {hits.length > 0 ? (
            <Command.Group heading={t('records')} className={GROUP}>
              {hits.map((hit) => (
                <Command.Item
                  key={`${hit.type}-${hit.id}`}
                  value={`${hit.type}-${hit.id}`}
                  onSelect={() => go(`/${hit.type}/${hit.id}`)}
                  className={`flex cursor-pointer items-center gap-2 ${ITEM}`}
                >
                  <Badge tone="neutral">{t(`types.${hit.type}`)}</Badge>
                  <span className="whitespace-nowrap font-mono text-xs">{hit.code || '—'}</span>
                  <span className="min-w-0 flex-1 truncate">{hit.name || '—'}</span>
                  <span className="text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    {t(`matched.${hit.matched}`)}
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          <ChoiceGroup
            heading={t('lists')}
            go={go}
            choices={totals.map((x) => ({
              value: `all-${x.type}-${x.filter}`,
              href: `/${x.type}?${new URLSearchParams({ [x.filter]: term })}`,
              label: t('openAll', { count: x.count, list: t(`types.${x.type}`), field: t(`matched.${x.matched}`) }),
            }))}
          />
          <ChoiceGroup
            heading={t('pages')}
            go={go}
            choices={pages.map((item) => ({
              value: `page-${item.href}`,
              href: item.href,
              label: t('goTo', { page: nav(item.label) }),
            }))}
          />
        </Command.List>
        <p className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {t('keys')}
        </p>
      </Command>
    </dialog>
  );
}
