import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { BundleEditPage } from '../../_components/bundle-edit-page';

/** A bundle's own fields; its prices and recipe are edited in their panels on the bundle's page. */
export default async function EditBundlePage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireEditor(`/bundles/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <BundleEditPage id={id} />;
}
