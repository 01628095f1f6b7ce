import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { CompanyEditPage } from '../../_components/company-edit-page';

export default async function EditCompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <CompanyEditPage id={id} />;
}
