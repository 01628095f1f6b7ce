import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select, SelectOptions, type SelectOption } from '@/components/ui/select';

type Option = { value: string; label: string };

/** The import history's filters: a plain GET form, so a filtered view is a link and works without script. */
export async function HistoryFilters(props: {
  families: Option[];
  states: Option[];
  people: string[];
  value: { family: string; state: string; by: string };
}) {
  const t = await getTranslations('workbench');
  const filters: { name: keyof typeof props.value; label: string; any: string; options: SelectOption[] }[] = [
    { name: 'family', label: t('historyFamily'), any: t('historyAny'), options: props.families },
    { name: 'state', label: t('historyState'), any: t('historyAny'), options: props.states },
    {
      name: 'by',
      label: t('historyPerson'),
      any: t('historyAnyone'),
      options: props.people.map((p) => ({ value: p, label: p })),
    },
  ];
  return (
    <form method="get" action="/imports" className="flex flex-wrap items-end gap-3" aria-label={t('historyFilters')}>
      {filters.map((f) => (
        <Field key={f.name} label={f.label}>
          <Select name={f.name} defaultValue={props.value[f.name]}>
            <option value="">{f.any}</option>
            <SelectOptions options={f.options} />
          </Select>
        </Field>
      ))}
      <button type="submit" className={buttonClasses('secondary')}>
        {t('historyApply')}
      </button>
    </form>
  );
}
