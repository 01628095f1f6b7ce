import { SelectOptions, type SelectOption } from '@/components/ui/select';

export const AUDIT_CONTROL =
  'mt-1 block rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** One of the audit log's filters: a labelled choice in the plain GET form, "any" first. */
export function AuditFilter({
  label,
  name,
  value,
  anyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string;
  anyLabel: string;
  options: SelectOption[];
}) {
  return (
    // A choice as wide as its longest option ran past a phone's screen: it is held to the form's width.
    <label className="max-w-full min-w-0 text-sm">
      {label}
      <select name={name} defaultValue={value} className={`${AUDIT_CONTROL} max-w-full`}>
        <option value="">{anyLabel}</option>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}
