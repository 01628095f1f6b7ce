'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { withReview } from '@/lib/client/review';
import { changedFields, type FieldChange, type FormValue } from './changed-fields';
import type { EntityFormProps, FieldOf } from './entity-form-props';
import { CHECK_UNAVAILABLE, lazyResolver, type FormSchema } from './lazy-resolver';
import { SaveOutcome } from './save-outcome';
import { useKeepFocusAboveBar } from './keep-above-bar';
export type { EntityFormProps, FieldOf, FormValues } from './entity-form-props';
export type { FormSchema } from './lazy-resolver';
import { ConflictDialog } from './conflict-dialog';
import { changedSince, conflictRows, holdsEdits, keepMine } from './conflicts';
import { routeServerError } from './server-errors';
import { ReviewChangesDialog } from './review-changes-dialog';
import { useUnsavedChangesGuard } from './unsaved-changes-guard';

type Values = Record<string, FormValue>;

/**
 * Create and edit forms share this flow: limits are checked while typing (zod schema from lib/contract),
 * Save opens a review of the changed fields (old → new), and only those fields are sent. A refusal from
 * the service lands under the field it is about, or in an alert above the buttons; the boxes keep what
 * was typed either way.
 */
export function EntityForm<S extends FormSchema, Result>(props: EntityFormProps<S, Result>) {
  const t = useTranslations('forms');
  const { resolver, load } = lazyResolver(props.schema);
  const bar = useRef<HTMLDivElement>(null);
  const keepAboveBar = useKeepFocusAboveBar(bar);
  const form = useForm<FieldValues>({ resolver, defaultValues: props.initialValues, mode: 'onChange' });
  const tw = useTranslations('writes');
  // What the record held when the form opened (or when the person last took its current values): changes
  // and conflicts are measured against this, never against a copy refetched in the background.
  const [opened, setOpened] = useState<Values>(props.original);
  const [review, setReview] = useState<{ changes: Record<string, unknown>; list: FieldChange[] } | null>(null);
  const [formError, setFormError] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ now: Values; reason: 'conflict' | 'unknown' } | null>(null);
  const [unknown, setUnknown] = useState<{ sentence: string; found?: string } | null>(null);
  const [checking, setChecking] = useState(false);
  // The field names as plain strings for the helpers below (they compare values, whatever the schema).
  const fields: readonly string[] = props.fields;
  const values = () => form.getValues() as Values;
  // Leaving (a link, closing or reloading the tab) with unsaved edits asks first. A field is dirty only once the lazy
  // check has run (react-hook-form with a resolver): until then a keystroke shows as validating.
  useUnsavedChangesGuard(form.formState.isDirty || form.formState.isValidating, t('leaveUnsaved'));
  // Opened to fix one field (a finding's fix link): the person lands in it, once, when the form first shows.
  const focus = props.focus && fields.includes(props.focus) ? props.focus : null;
  useEffect(() => {
    if (focus) form.setFocus(focus, { shouldSelect: false });
  }, [focus, form]);

  const onValid = (values: FieldValues) => {
    setFormError([]);
    const { changes, list } = changedFields(opened, values as Record<string, FormValue>, fields);
    if (list.length === 0) {
      // Something chosen that this form does not send (a restore's prices): its own review opens instead.
      if (props.onUnchanged?.()) return setNotice(null);
      setNotice(t('noChanges'));
      return;
    }
    setNotice(null);
    // The confirmed review goes with the write, for the record's History (lib/client/review.ts).
    setReview({
      changes: props.mode === 'edit' ? withReview(changes, list, undefined, props.restores) : changes,
      list,
    });
  };

  /** A refusal before anything was sent: the check itself failed. */
  const notSent = (error: unknown) => {
    const sentence = isApiError(error) ? error.sentence : error instanceof Error ? error.message : String(error);
    setFormError([isApiError(error) && error.isNotFound ? tw('recordGone') : tw('rereadFailed', { sentence })]);
  };

  const send = async (changes: Record<string, unknown>, baseline: Values) => {
    setFormError([]);
    setUnknown(null);
    // Offline: say so now and send nothing, not even the re-read (a query would wait for the connection,
    // and the write must never go out later behind the person's back).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setReview(null);
      setFormError([tw('offline')]);
      return;
    }
    setSaving(true);
    try {
      if (props.reread) {
        let now: Values;
        try {
          now = await props.reread();
        } catch (error) {
          setReview(null);
          notSent(error);
          return;
        }
        if (changedSince(baseline, now, fields).length > 0) {
          setReview(null);
          setConflict({ now, reason: 'conflict' });
          return;
        }
      }
      if (props.beforeSend) {
        let blocked: string | null;
        try {
          blocked = await props.beforeSend(values());
        } catch (error) {
          setReview(null);
          notSent(error);
          return;
        }
        if (blocked) {
          setReview(null);
          setFormError([blocked]);
          return;
        }
      }
      // The changes are the schema's own output (onValid), cut down to the changed fields.
      const result = await props.onSave(changes as Partial<z.output<S>>);
      form.reset(form.getValues());
      setReview(null);
      props.onSaved(result);
    } catch (error) {
      setReview(null);
      const sentence = isApiError(error) ? error.sentence : error instanceof Error ? error.message : String(error);
      // A 5xx, a timeout, a lost connection or an unreadable answer: it may have been applied.
      if (failedWriteOutcome(error) === 'unknown') {
        setUnknown({ sentence });
        return;
      }
      if (!isApiError(error)) {
        setFormError([sentence]);
        return;
      }
      const routed = routeServerError(error, fields);
      for (const { field, code } of routed.fieldErrors) form.setError(field, { type: 'server', message: code });
      // The closing dialog hands focus back to the Save button; move it to the field at fault after that.
      const first = routed.fieldErrors[0]?.field;
      if (first) setTimeout(() => form.setFocus(first), 50);
      setFormError([...routed.formErrors, tw('refusedNote')]);
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    if (review) await send(review.changes, opened);
  };

  /** Take the record as it is now as the new starting point, with `mine` typed over it. */
  const rebase = (now: Values, mine: Values | null) => {
    form.reset(now);
    if (mine) {
      for (const f of fields) {
        if (mine[f] !== now[f]) form.setValue(f, mine[f], { shouldDirty: true, shouldValidate: true });
      }
    }
    setOpened(now);
  };

  const keepMyValues = async () => {
    if (!conflict) return;
    const merged = keepMine(opened, conflict.now, values(), fields);
    rebase(conflict.now, merged);
    setConflict(null);
    const { changes, list } = changedFields(conflict.now, merged, fields);
    if (list.length === 0) {
      setNotice(tw('nothingLeft'));
      return;
    }
    // Re-read again on the way out: the record may have changed once more while the person chose.
    await send(withReview(changes, list, undefined, props.restores), conflict.now);
  };

  const checkAfterUnknown = async () => {
    setChecking(true);
    try {
      if (props.reread) {
        const now = await props.reread();
        if (holdsEdits(opened, now, values(), fields)) {
          rebase(now, null);
          setUnknown(null);
          setNotice(tw('rereadApplied'));
        } else {
          setUnknown(null);
          setConflict({ now, reason: 'unknown' });
        }
      } else if (props.recheck) {
        const found = await props.recheck(values());
        setUnknown((u) => (u ? { ...u, found } : u));
      }
    } catch (error) {
      const sentence = isApiError(error) ? error.sentence : error instanceof Error ? error.message : String(error);
      setUnknown((u) => (u ? { ...u, found: tw('rereadFailed', { sentence }) } : u));
    } finally {
      setChecking(false);
    }
  };

  // The check loads on first focus; one that could not (offline) is said beside the form, not a dead button.
  const submit = form.handleSubmit(onValid, ({ root }) =>
    root?.type === CHECK_UNAVAILABLE
      ? setFormError([navigator.onLine ? tw('checkFailed', { sentence: root.message ?? '' }) : tw('offline')])
      : undefined,
  );

  const format = (field: string, value: FormValue) =>
    props.formatValue?.(field as FieldOf<S>, value) ??
    (value === null || value === undefined || value === '' ? t('emptyValue') : String(value));

  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        onFocus={(event) => {
          load();
          keepAboveBar(event);
        }}
        onSubmit={submit}
        className="space-y-5"
        aria-describedby={notice ? 'form-notice' : undefined}
      >
        {props.children}
        <SaveOutcome
          mode={props.mode}
          unknown={unknown}
          checking={checking}
          checkLabel={props.reread ? tw('reread') : props.recheck ? tw('lookUpCode') : null}
          onCheck={() => void checkAfterUnknown()}
          errors={formError}
        />
        <p id="form-notice" role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {notice}
        </p>
        {/* On a phone the actions stay at the bottom of the screen while the form is in view: a long form or
            the on-screen keyboard never leaves Save out of reach. */}
        <div
          ref={bar}
          data-action-bar=""
          className="flex flex-wrap gap-2 max-sm:sticky max-sm:bottom-0 max-sm:z-10 max-sm:-mx-1 max-sm:bg-white/95 max-sm:px-1 max-sm:py-3 max-sm:dark:bg-zinc-900/95"
        >
          <Button type="submit">{props.submitLabel}</Button>
          {props.onCancel ? (
            <Button variant="secondary" onClick={props.onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      </form>
      <ReviewChangesDialog
        open={review !== null}
        changes={review?.list ?? []}
        labels={props.labels}
        format={format}
        saving={saving}
        mode={props.mode}
        note={review ? props.reviewNote?.(values()) : null}
        onConfirm={save}
        onClose={() => {
          if (!saving) setReview(null);
        }}
      />
      <ConflictDialog
        open={conflict !== null}
        reason={conflict?.reason ?? 'conflict'}
        rows={conflict ? conflictRows(opened, conflict.now, values(), fields) : []}
        labels={props.labels}
        format={format}
        saving={saving}
        onKeepMine={() => void keepMyValues()}
        onLoadCurrent={() => {
          if (conflict) rebase(conflict.now, null);
          setConflict(null);
          setNotice(null);
        }}
        onClose={() => {
          if (!saving) setConflict(null);
        }}
      />
    </FormProvider>
  );
}
