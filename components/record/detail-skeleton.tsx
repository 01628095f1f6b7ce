import { Skeleton } from '@/components/ui';

/** Placeholder for a record page while its route loads; the heading is real so the page is named at once. */
export function DetailSkeleton({ title }: { title: string }) {
  return (
    <div className="space-y-6" aria-busy="true">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full max-w-lg" />
        ))}
      </div>
    </div>
  );
}
