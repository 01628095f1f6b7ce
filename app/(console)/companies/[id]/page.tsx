import { Suspense } from 'react';
import { CompanyDecisions } from '../_components/company-decisions';
import { CompanyDetail } from '../_components/company-detail';
import { recordIdOf, type RecordParams } from '../../_lib/record-id';

export default async function CompanyPage({ params }: RecordParams) {
  const id = await recordIdOf(params);
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
