import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { BundleEditPage } from '../../_components/bundle-edit-page';

/** A bundle's own fields; its prices and recipe are edited in their panels on the bundle's page. */
export default async function EditBundlePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <BundleEditPage id={id} />;
}
