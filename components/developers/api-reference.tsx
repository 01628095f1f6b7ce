import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import type { FieldView, OperationView, ReferenceView, TypeView } from '@/lib/contract/console/reference';

/**
 * The API reference drawn on the server from the OpenAPI document (issue 64): HTML only, no script and no request,
 * so it renders offline, reads the same with or without JavaScript, and keeps the console's accessibility checks.
 * Each operation and schema is a <details> (open and close by keyboard, announced as such by screen readers); a
 * type that names a schema links to it. The words around the document are the page's, in both languages; the
 * document's own descriptions are the service's, in English.
 */
export function ApiReference({ reference }: { reference: ReferenceView }) {
  const t = useTranslations('developers');
  return (
    <div className="developers-reference mt-3 space-y-8">
      <details className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
        <summary className={cn('cursor-pointer font-medium', focusRing)}>
          {t('referenceAbout', { title: reference.title, version: reference.version })}
        </summary>
        <p className="mt-2 max-w-3xl text-sm whitespace-pre-line">{reference.description}</p>
      </details>
      {reference.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${slug(tag.name)}`} className="space-y-2">
          <h3 id={`tag-${slug(tag.name)}`} className="text-base font-semibold">
            {tag.name}
          </h3>
          {tag.description ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{tag.description}</p> : null}
          <div className="space-y-2">
            {tag.operations.map((op) => (
              <Operation key={op.id} op={op} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="reference-schemas" className="space-y-2">
        <h3 id="reference-schemas" className="text-base font-semibold">
          {t('schemas')}
        </h3>
        {reference.schemas.map((schema) => (
          <details
            key={schema.name}
            id={`schema-${schema.name}`}
            className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700"
          >
            <summary className={cn('cursor-pointer font-mono text-sm', focusRing)}>{schema.name}</summary>
            {schema.description ? <p className="mt-2 text-sm">{schema.description}</p> : null}
            <Fields fields={schema.fields} empty={t('noFields')} />
          </details>
        ))}
      </section>
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function Operation({ op }: { op: OperationView }) {
  const t = useTranslations('developers');
  return (
    <details id={op.id} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
      <summary className={cn('cursor-pointer text-sm', focusRing)}>
        <span className="inline-block w-16 rounded bg-zinc-100 px-1.5 text-center font-mono text-xs font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {op.method}
        </span>{' '}
        <code className="font-mono break-all">{op.path}</code>{' '}
        <span className="text-zinc-700 dark:text-zinc-300">{op.summary}</span>
      </summary>
      <div className="mt-2 space-y-3 text-sm">
        {op.description ? <p className="whitespace-pre-line">{op.description}</p> : null}
        {op.parameters.length > 0 ? (
          <div>
            <h4 className="font-semibold">{t('parameters')}</h4>
            <Fields fields={op.parameters} empty="" />
          </div>
        ) : null}
        {op.body ? (
          <div>
            <h4 className="font-semibold">{t('requestBody')}</h4>
            <Type type={op.body} />
          </div>
        ) : null}
        <div>
          <h4 className="font-semibold">{t('answers')}</h4>
          <ul className="mt-1 space-y-1">
            {op.answers.map((answer) => (
              <li key={answer.status}>
                <span className="font-mono font-semibold">{answer.status}</span>{' '}
                {answer.type ? <Type type={answer.type} /> : null} {answer.description}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}

function Type({ type }: { type: TypeView }) {
  const text = <code className="font-mono text-xs break-all">{type.text}</code>;
  if (!type.ref) return text;
  return (
    <a href={`#schema-${type.ref}`} className={cn('text-blue-700 underline dark:text-blue-400', focusRing)}>
      {text}
    </a>
  );
}

function Fields({ fields, empty }: { fields: (FieldView & { in?: string })[]; empty: string }) {
  const t = useTranslations('developers');
  if (fields.length === 0) return empty ? <p className="mt-2 text-sm">{empty}</p> : null;
  return (
    <ul className="mt-1 divide-y divide-zinc-200 text-sm dark:divide-zinc-700">
      {fields.map((f) => (
        <li key={`${f.in ?? ''}${f.name}`} className="py-1.5">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold">{f.name}</code>
            <Type type={f.type} />
            {f.in ? (
              <span className="text-xs text-zinc-700 dark:text-zinc-300">{t('paramIn', { place: f.in })}</span>
            ) : null}
            {f.required ? (
              <span className="text-xs font-medium text-red-800 dark:text-red-300">{t('required')}</span>
            ) : null}
          </p>
          {f.description ? <p className="text-zinc-700 dark:text-zinc-300">{f.description}</p> : null}
          {f.limits.length > 0 ? (
            <p className="font-mono text-xs text-zinc-700 dark:text-zinc-300">{f.limits.join(' · ')}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
