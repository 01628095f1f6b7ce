'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { DetectionWindowView } from '@/lib/contract/history';
import { plainSpaces } from '@/lib/i18n/formats';

/** A window longer than this is told with its dates: times alone would not say which day. */
const SAME_DAY_MS = 12 * 3_600_000;

/**
 * When a change made outside the console happened, as narrowly as the mirror can tell: "detected 10:02
 * (between 10:01:30 and 10:02:00)", the pass that found it and the one before.
 */
export function OutsideDetected({ at, window }: { at: string; window: DetectionWindowView }) {
  const t = useTranslations('history.outside');
  const format = useFormatter();
  const detected = new Date(at);
  const long = window.from !== null && detected.getTime() - new Date(window.from).getTime() > SAME_DAY_MS;
  const time = (iso: string, seconds: boolean) =>
    plainSpaces(format.dateTime(new Date(iso), long ? 'dateTimeSeconds' : seconds ? 'timeSeconds' : 'time'));
  return (
    <>
      {window.from === null
        ? t('detectedBefore', { at: time(at, false), to: time(window.to, true) })
        : t('detected', { at: time(at, false), from: time(window.from, true), to: time(window.to, true) })}
    </>
  );
}
