import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FormValue } from './changed-fields';
import type { FormSchema, FormSchemaSource } from './lazy-resolver';

/** The names of the fields a schema reads: what `fields`, `labels` and the values are keyed by. */
export type FieldOf<S extends FormSchema> = Extract<keyof z.input<S>, string>;
/** A form's values by field name; a record of the schema's type fits as it is (its other keys are ignored). */
export type FormValues<F extends string> = { readonly [K in F]?: FormValue };

export interface EntityFormProps<S extends FormSchema, Result> {
  schema: FormSchemaSource<S>;
  /** The write fields this form edits, in display order; only these are compared and sent. */
  fields: readonly FieldOf<S>[];
  /** What the boxes start with (record values for an edit, empty for a create). */
  initialValues: FormValues<FieldOf<S>>;
  /** What the changes are measured against: the record, or the create defaults. */
  original: FormValues<FieldOf<S>>;
  labels: { readonly [K in FieldOf<S>]?: string };
  /** How a value reads in the review (e.g. a salesperson's name for an id). */
  formatValue?: (field: FieldOf<S>, value: FormValue) => string | undefined;
  mode: 'create' | 'edit';
  submitLabel: string;
  /** Gets only the changed fields, as the schema gave them. */
  onSave: (changes: Partial<z.output<S>>) => Promise<Result>;
  onSaved: (result: Result) => void;
  onCancel?: () => void;
  /**
   * Edit forms: reads the record afresh (the API has no conditional write). Called just before sending;
   * when any field changed since the form opened, a conflict view is shown and nothing is sent until the
   * person chooses. Also offered after a save whose outcome is unknown.
   */
  reread?: () => Promise<FormValues<FieldOf<S>>>;
  /** Create forms: a last check before sending; a sentence saying why nothing was sent, or null to send. */
  beforeSend?: (values: Record<string, unknown>) => Promise<string | null>;
  /** Create forms: after a create of unknown outcome, finds out what is known and says it. */
  recheck?: (values: Record<string, unknown>) => Promise<string>;
  /**
   * Edit forms: the History entry whose old values the person put into the form (the restore panel): the save
   * names it, and History files it as "Restored from the change of …".
   */
  restores?: string | null;
  /**
   * Asked when "Review and save" finds no changed field: true when something else chosen on the page is reviewed
   * instead (the restore panel's prices, sent through their own batch), so the form does not say nothing changed.
   */
  onUnchanged?: () => boolean;
  /** Said in the review above the changes, from the values about to be saved (a rule they would break). */
  reviewNote?: (values: Record<string, unknown>) => ReactNode;
  /** A field to focus when the form opens (a finding's fix lands on the field it is about). */
  focus?: string | null;
  children: ReactNode;
}
