import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { CompanyEditPage } from '../../_components/company-edit-page';

export default async function EditCompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireEditor(`/companies/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <CompanyEditPage id={id} />;
}
