'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import type { FamilyName } from '@/lib/imports/families';
import type { GridRow } from './grid-rows';
import { ResendReview, type ResendRow, type ReviewedRow } from './resend-review';

/**
 * What a fix grid's resend holds (an import's failed rows, a sync's refused items): the cells edited, the rows under
 * review (an edit closes it), whether they are being sent and why the last send failed.
 */
export function useResend() {
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [review, setReview] = useState<ResendRow[] | null>(null);
  return {
    edits,
    sending,
    failure,
    review,
    /** A row's cells edited in the grid. */
    edit: (rowNo: number, cells: string[]) => {
      setReview(null);
      setEdits((e) => ({ ...e, [rowNo]: cells }));
    },
    /** A choice of rows changed: the review shown no longer holds them. */
    closeReview: () => setReview(null),
    openReview: (rows: ResendRow[]) => {
      setFailure(null);
      setReview(rows);
    },
    /**
     * Sends the reviewed rows with `send`; a refusal or a lost connection is kept as its code. After a send that went
     * through, either it stays pending (`navigates`: a page is opening) or the edits and the review are cleared
     * and `then` runs (re-reading what the send changed).
     */
    send: async (send: () => Promise<void>, then: 'navigates' | (() => Promise<void>)) => {
      setFailure(null);
      setSending(true);
      try {
        await send();
        if (then === 'navigates') return;
        setEdits({});
        setReview(null);
        await then();
      } catch (error) {
        setFailure(error instanceof ApiError ? error.code : 'network_error');
      }
      setSending(false);
    },
  };
}

/**
 * Below a fix grid: why the chosen rows cannot go yet, why the last send failed, then the review of the chosen rows
 * or the button that opens it, with how many are chosen.
 */
export function ResendBar(props: {
  resend: ReturnType<typeof useResend>;
  family: FamilyName;
  mapping: (string | null)[];
  /** The rows chosen to go again, and how each is numbered in the review (its line in the file, its item). */
  chosen: GridRow[];
  lineOf: (row: GridRow) => number;
  blocked: number;
  onSend: (rows: ReviewedRow[]) => void;
  /** The count is announced as it changes. */
  countIsStatus?: boolean;
}) {
  const t = useTranslations('workbench');
  const errorText = useErrorMessage();
  const { resend, chosen, blocked } = props;
  const openReview = () =>
    resend.openReview(
      chosen.map((r) => ({ rowNo: r.rowNo, line: props.lineOf(r), cells: resend.edits[r.rowNo] ?? r.cells })),
    );
  return (
    <>
      {blocked ? <Alert tone="warning">{t('blocked', { count: blocked })}</Alert> : null}
      {resend.failure ? <Alert tone="error">{t('resendFailed', { reason: errorText(resend.failure) })}</Alert> : null}
      {resend.review ? (
        <ResendReview
          family={props.family}
          mapping={props.mapping}
          rows={resend.review}
          sending={resend.sending}
          onSend={props.onSend}
          onBack={resend.closeReview}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={openReview} disabled={chosen.length === 0 || blocked > 0}>
            {t('resend')}
          </Button>
          <span className="text-sm" role={props.countIsStatus ? 'status' : undefined}>
            {t('chosen', { count: chosen.length })}
          </span>
        </div>
      )}
    </>
  );
}
