'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Td, Tr } from '@/components/ui/table';
import { isRuleId, type FindingState } from '@/lib/contract/attention';
import type { HistoryEntry } from '@/lib/contract/history';
import { plainSpaces } from '@/lib/i18n/formats';
import { valueText } from './finding-values';

/** The finding's state after each History action. */
const STATE_AFTER: Record<string, FindingState> = {
  opened: 'open',
  reopened: 'open',
  accepted: 'accepted',
  resolved: 'resolved',
};

/** The rule of a finding's History entry: its operation is `attention <rule>` (lib/server/attention/history.ts). */
export function entryRule(entry: HistoryEntry) {
  const rule = entry.operation.startsWith('attention ') ? entry.operation.slice('attention '.length) : '';
  return isRuleId(rule) ? rule : null;
}

/**
 * A finding's entry in its record's History, among the record's changes: "Needs attention: <rule>" (or resolved,
 * accepted with the reason, reopened), by whom (the console's own check when nobody), and the values the rule
 * read. Null for any other entry, which HistoryPanel shows as usual.
 */
export function AttentionHistoryRow({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const history = useTranslations('history');
  const format = useFormatter();
  const rule = entryRule(entry);
  if (entry.source !== 'attention' || !rule || !entry.action || !(entry.action in STATE_AFTER)) return null;
  const action = entry.action as 'opened' | 'reopened' | 'accepted' | 'resolved';
  const changes = entry.changes ?? [];
  const reason = changes.find((c) => c.field === 'reason')?.to;
  const values = changes.filter((c) => c.field !== 'reason' && c.field !== 'expiresAt');
  const until = changes.find((c) => c.field === 'expiresAt')?.to;
  const title = t(`rules.${rule}.title`);
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  return (
    <Tr>
      <Td className="whitespace-nowrap">
        <time dateTime={entry.at}>{when(entry.at)}</time>
      </Td>
      <Td>{entry.userEmail || history('findings.who')}</Td>
      <Td title={entry.operation}>
        {t(`history.${action}`, { rule: title, reason: typeof reason === 'string' ? reason : '' })}
        {typeof until === 'string' ? (
          <span className="block text-xs">{t('acceptedUntil', { at: when(until) })}</span>
        ) : null}
      </Td>
      <Td>
        <Badge tone={action === 'resolved' ? 'success' : action === 'accepted' ? 'neutral' : 'warning'}>
          {t(`state.${STATE_AFTER[action]}`)}
        </Badge>
      </Td>
      <Td className="break-words">
        <ul>
          {values.map((c) => (
            <li key={c.field}>
              {h('historyValue', {
                field: t.has(`fields.${c.field}`) ? t(`fields.${c.field}`) : c.field,
                value: valueText(action === 'resolved' ? c.from : c.to),
              })}
            </li>
          ))}
        </ul>
      </Td>
    </Tr>
  );
}
