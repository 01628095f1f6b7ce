import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { parseRecordId } from '@/components/record/parse-id';
import { CompanyDecisions } from '../_components/company-decisions';
import { CompanyDetail } from '../_components/company-detail';

export default async function CompanyPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return (
    <div className="space-y-4">
      {/* The person's decided proposals for this company, streamed in above the record: it never waits for them. */}
      <Suspense fallback={null}>
        <CompanyDecisions companyId={id} />
      </Suspense>
      <CompanyDetail id={id} />
    </div>
  );
}
