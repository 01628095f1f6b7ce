import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';

type Option = { value: string; label: string };

/** The import history's filters: a plain GET form, so a filtered view is a link and works without script. */
export async function HistoryFilters(props: { families: Option[]; states: Option[]; people: string[]; value: { family: string; state: string; by: string } }) {
  const t = await getTranslations('workbench');
  return (
    <form method="get" action="/imports" className="flex flex-wrap items-end gap-3" aria-label={t('historyFilters')}>
      <Field label={t('historyFamily')}>
        <Select name="family" defaultValue={props.value.family}>
          <option value="">{t('historyAny')}</option>
          {props.families.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('historyState')}>
        <Select name="state" defaultValue={props.value.state}>
          <option value="">{t('historyAny')}</option>
          {props.states.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('historyPerson')}>
        <Select name="by" defaultValue={props.value.by}>
          <option value="">{t('historyAnyone')}</option>
          {props.people.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </Field>
      <button type="submit" className={buttonClasses('secondary')}>
        {t('historyApply')}
      </button>
    </form>
  );
}
