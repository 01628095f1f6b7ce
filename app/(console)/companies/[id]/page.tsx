import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { CompanyDetail } from '../_components/company-detail';

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <CompanyDetail id={id} />;
}
