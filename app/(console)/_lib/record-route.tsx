import 'server-only';
import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { parseRecordId } from '@/components/record/parse-id';
import { RecordCreatePage } from '@/components/record/record-form-page';
import { requireEditor } from './refuse-edit-pages';
import type { RecordParams } from './record-id';

/**
 * A record's edit page (`/<family>/<id>/edit`): the role check first, with the path asked for (so a sign-in
 * comes back to it), then the id (404 when the segment is not one), then the family's edit page.
 */
export function editRoute(
  family: string,
  check: (path: string) => Promise<unknown>,
  Edit: ComponentType<{ id: number }>,
) {
  return async function EditRoute({ params }: RecordParams) {
    const segment = (await params).id;
    await check(`/${family}/${segment}/edit`);
    const id = parseRecordId(segment);
    if (id === null) notFound();
    return <Edit id={id} />;
  };
}

/** A family's create page (`/<family>/new`), for editors only, framed as every create page is. */
export function createRoute(family: 'companies' | 'bundles', Form: ComponentType) {
  return async function CreateRoute() {
    await requireEditor(`/${family}/new`);
    return (
      <RecordCreatePage namespace={family}>
        <Form />
      </RecordCreatePage>
    );
  };
}
