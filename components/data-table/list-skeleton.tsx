import { Skeleton } from '@/components/ui';

/** Placeholder for a list page while its code or URL state loads; hidden from assistive tech. */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-3">
      <Skeleton className="h-24 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}
