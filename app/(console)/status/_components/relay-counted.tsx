import { getFormatter, getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/alert';
import { TitledCard } from '@/components/ui/card';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { logger } from '@/lib/server/log';
import { relayCounted, type CountedRow } from '@/lib/server/sync';
import { plainSpaces } from '@/lib/i18n/formats';
import { serverContext } from '@/lib/server/console-api';

/**
 * The /v1 relay's calls of the last hour that it counted instead of storing (issue 61): refused as a whole, or over
 * the stored-calls cap of their client's minute, by client id, status and reason, from every instance's counts.
 */
export async function RelayCounted() {
  const t = await getTranslations('status.relayCounted');
  const ts = await getTranslations('status');
  const format = await getFormatter();
  const cap = serverContext().env.relay.storedCallsPerMinute;
  const counted = await relayCounted().catch((error: unknown) => {
    logger().error(
      { source: 'relay', error: error instanceof Error ? error.message : error },
      "the Status page could not read the relay's counts",
    );
    return null;
  });
  const client = (row: CountedRow) =>
    row.clientId === '' ? t('noClientId') : row.clientId === '*' ? t('otherClients') : <code>{row.clientId}</code>;
  const number = (n: number) => format.number(n);
  return (
    <TitledCard id="status-relay-counted" title={t('title')}>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('intro', { cap })}</p>
      {counted === null ? (
        <Alert tone="error">{t('failed')}</Alert>
      ) : counted.rows.length === 0 ? (
        <p className="text-sm">{t('none')}</p>
      ) : (
        <>
          <p className="mb-2 text-sm">{t('totals', { refused: counted.refused, overCap: counted.overCap })}</p>
          <Table caption={t('caption')} focusableFrame stickyFirst>
            <THead
              columns={[
                t('clientId'),
                t('status'),
                t('reason'),
                {
                  label: t('lastMinute', { time: plainSpaces(format.dateTime(counted.minute, 'time')) }),
                  className: 'text-right',
                },
                { label: t('lastHour'), className: 'text-right' },
              ]}
            />
            <TBody>
              {counted.rows.map((row) => (
                <Tr key={`${row.clientId}|${row.status}|${row.reason}`}>
                  <Td className="whitespace-nowrap">{client(row)}</Td>
                  <Td className="whitespace-nowrap">
                    {row.status === 0 ? t('noAnswer') : ts('httpStatus', { status: row.status })}
                  </Td>
                  <Td>{row.reason === 'refused' ? t('refused') : t('overCap')}</Td>
                  <Td className="text-right tabular-nums">{number(row.lastMinute)}</Td>
                  <Td className="text-right tabular-nums">{number(row.lastHour)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          {counted.rows.length < counted.groups ? (
            <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t('more', { shown: counted.rows.length })}</p>
          ) : null}
        </>
      )}
    </TitledCard>
  );
}
