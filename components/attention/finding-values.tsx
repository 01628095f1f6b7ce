'use client';

import { useTranslations } from 'next-intl';
import { ATTENTION_RULES, type Finding } from '@/lib/contract/attention';
import type { HistoryValue } from '@/lib/contract/history';
import { useMoney } from '@/lib/i18n/use-money';

/** Fields whose values are amounts of money: shown in the screens' one money format. */
const MONEY = new Set(['sellPrice', 'price', 'creditAmount', 'availableAmount']);

/** Values holding another record's id: named by the server where the mirror knows the record, else "#id". */
const REFERENCES = new Set(['internalUserId', 'productCategoryId']);

/** A value as text: a list joined, a record by its code and name, nothing as a dash. */
export function valueText(value: HistoryValue | undefined, money?: (n: number) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => valueText(v, money)).join(', ');
  if (typeof value === 'object') {
    const code = value.outerSysCode ?? value.code;
    const name = value.name;
    if (code != null || name != null) return [code, name].filter((v) => v != null && v !== '').join(' ');
    return JSON.stringify(value);
  }
  if (typeof value === 'number' && money) return money(value);
  return String(value);
}

/**
 * The values that made the rule find the record, in the rule's order ("Barcode: 4710000000001"). A text sits in a
 * thin frame with its spaces kept, so the stray spaces some rules find can be seen.
 */
export function FindingValues({ finding }: { finding: Finding }) {
  const t = useTranslations('attention');
  const money = useMoney();
  const fields = (ATTENTION_RULES[finding.rule].fields as readonly string[]).filter((f) => f in finding.values);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">
            {t.has(`fields.${field}`) ? t(`fields.${field}`) : field}
          </dt>
          <dd className="break-all">
            {field === 'salespersonStatus' && typeof finding.values[field] === 'string' ? (
              t.has(`salespersonStatus.${finding.values[field]}`) ? (
                t(`salespersonStatus.${finding.values[field]}`)
              ) : (
                finding.values[field]
              )
            ) : typeof finding.values[field] === 'string' && finding.values[field] !== '' ? (
              <span className="rounded-sm px-0.5 whitespace-pre-wrap ring-1 ring-zinc-300 dark:ring-zinc-600">
                {finding.values[field]}
              </span>
            ) : REFERENCES.has(field) && typeof finding.values[field] === 'number' ? (
              `#${finding.values[field]}`
            ) : (
              valueText(finding.values[field], MONEY.has(field) ? money : undefined)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
