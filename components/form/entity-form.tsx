'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, Button } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { changedFields, type FieldChange, type FormValue } from './changed-fields';
import { routeServerError } from './server-errors';
import { ReviewChangesDialog } from './review-changes-dialog';
import { useUnsavedChangesGuard } from './unsaved-changes-guard';

export interface EntityFormProps<Result> {
  /** A lib/contract write schema (possibly with create-only rules); its messages are error codes. */
  schema: z.ZodType<FieldValues, FieldValues>;
  /** The write fields this form edits, in display order; only these are compared and sent. */
  fields: readonly string[];
  /** What the boxes start with (record values for an edit, empty for a create). */
  initialValues: Record<string, FormValue>;
  /** What the changes are measured against: the record, or the create defaults. */
  original: Record<string, FormValue>;
  labels: Record<string, string>;
  /** How a value reads in the review (e.g. a salesperson's name for an id). */
  formatValue?: (field: string, value: FormValue) => string | undefined;
  mode: 'create' | 'edit';
  submitLabel: string;
  onSave: (changes: Record<string, unknown>) => Promise<Result>;
  onSaved: (result: Result) => void;
  onCancel?: () => void;
  children: ReactNode;
}

/**
 * Create and edit forms share this flow: limits are checked while typing (zod schema from lib/contract),
 * Save opens a review of the changed fields (old → new), and only those fields are sent. A refusal from
 * the service lands under the field it is about, or in an alert above the buttons; the boxes keep what
 * was typed either way.
 */
export function EntityForm<Result>(props: EntityFormProps<Result>) {
  const t = useTranslations('forms');
  const form = useForm<FieldValues>({
    resolver: zodResolver(props.schema),
    defaultValues: props.initialValues,
    mode: 'onChange',
  });
  const [review, setReview] = useState<{ changes: Record<string, unknown>; list: FieldChange[] } | null>(null);
  const [formError, setFormError] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = form.formState.isDirty;

  // Leaving the page (a link, closing or reloading the tab) with unsaved edits asks first.
  useUnsavedChangesGuard(dirty, t('leaveUnsaved'));

  const onValid = (values: FieldValues) => {
    setFormError([]);
    const { changes, list } = changedFields(props.original, values as Record<string, FormValue>, props.fields);
    if (list.length === 0) {
      setNotice(t('noChanges'));
      return;
    }
    setNotice(null);
    setReview({ changes, list });
  };

  const save = async () => {
    if (!review) return;
    setSaving(true);
    try {
      const result = await props.onSave(review.changes);
      form.reset(form.getValues());
      setReview(null);
      props.onSaved(result);
    } catch (error) {
      setReview(null);
      if (!isApiError(error)) {
        setFormError([error instanceof Error ? error.message : String(error)]);
        return;
      }
      const routed = routeServerError(error, props.fields);
      for (const { field, code } of routed.fieldErrors) form.setError(field, { type: 'server', message: code });
      // The closing dialog hands focus back to the Save button; move it to the field at fault after that.
      const first = routed.fieldErrors[0]?.field;
      if (first) setTimeout(() => form.setFocus(first), 50);
      setFormError(routed.formErrors);
    } finally {
      setSaving(false);
    }
  };

  const format = (field: string, value: FormValue) =>
    props.formatValue?.(field, value) ?? (value === null || value === undefined || value === '' ? t('emptyValue') : String(value));

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5" aria-describedby={notice ? 'form-notice' : undefined}>
        {props.children}
        {formError.length > 0 ? (
          <Alert tone="error" title={props.mode === 'create' ? t('createFailed') : t('saveFailed')}>
            {formError.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </Alert>
        ) : null}
        <p id="form-notice" role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {notice}
        </p>
        <div className="flex flex-wrap gap-2">
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
        onConfirm={save}
        onClose={() => {
          if (!saving) setReview(null);
        }}
      />
    </FormProvider>
  );
}
