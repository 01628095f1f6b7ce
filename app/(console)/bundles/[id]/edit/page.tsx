import { notFound, redirect } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';

/** A bundle is edited on its own page (prices, recipe); links to /edit (the create guard's) land there. */
export default async function BundleEditPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  redirect(`/bundles/${id}`);
}
