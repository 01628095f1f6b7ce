'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn, focusRing } from '@/components/ui/cn';

export interface ExampleView {
  id: string;
  language: string;
  file: string;
  run: string;
  source: string;
}

/**
 * The signing examples as tabs (the WAI-ARIA tabs pattern, arrow keys between tabs), each with the file as the
 * tests run it and a copy button.
 */
export function SigningExamples({ examples }: { examples: ExampleView[] }) {
  const t = useTranslations('developers');
  const [selected, setSelected] = useState(0);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const example = examples[selected]!;

  const choose = (index: number) => {
    setSelected(index);
    setCopied(null);
    document.getElementById(`example-tab-${examples[index]!.id}`)?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') choose((selected + 1) % examples.length);
    else if (event.key === 'ArrowLeft') choose((selected + examples.length - 1) % examples.length);
    else return;
    event.preventDefault();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(example.source);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="mt-3 rounded-md border border-zinc-200 dark:border-zinc-700">
      <div
        role="tablist"
        aria-label={t('examplesTitle')}
        className="flex flex-wrap gap-1 border-b border-zinc-200 p-1 dark:border-zinc-700"
      >
        {examples.map((one, index) => (
          <button
            key={one.id}
            id={`example-tab-${one.id}`}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls={`example-panel-${one.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={onKeyDown}
            className={cn(
              'rounded px-3 py-1.5 text-sm',
              focusRing,
              index === selected
                ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
                : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
            )}
          >
            {one.language}
          </button>
        ))}
      </div>
      <div
        id={`example-panel-${example.id}`}
        role="tabpanel"
        aria-labelledby={`example-tab-${example.id}`}
        className="space-y-2 p-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            <code className="font-mono">{example.file}</code> · {t('examplesRun')}{' '}
            <code className="font-mono break-all">{example.run}</code>
          </p>
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied === 'yes' ? t('copied') : t('copy')}
          </Button>
        </div>
        <p role="status" className="text-sm text-red-700 dark:text-red-400">
          {copied === 'failed' ? t('copyFailed') : null}
        </p>
        {/* tabIndex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable). */}
        <pre
          tabIndex={0}
          aria-label={example.file}
          className={cn(
            'max-h-96 overflow-auto rounded bg-zinc-50 p-3 font-mono text-xs leading-5 dark:bg-zinc-900',
            focusRing,
          )}
        >
          <code>{example.source}</code>
        </pre>
      </div>
    </div>
  );
}
