'use client';

import Link from 'next/link';
import { useRecord } from '@/lib/client/queries';

/**
 * A SKU's product by name; each product is read once and cached, however many rows show it. While the name is
 * on its way the cell shows a grey bar, not "#9", which reads as if the product had no name. Not prefetched, as the
 * code links are not: a page of rows would ask the server for every product page in view.
 */
export function ProductLink({ id }: { id: number }) {
  const product = useRecord('product', id);
  const p = product.data;
  return (
    <Link
      href={`/products/${id}`}
      prefetch={false}
      className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
    >
      {p ? (
        p.name || p.outerSysCode || `#${id}`
      ) : product.isPending ? (
        <>
          <span
            aria-hidden="true"
            className="inline-block h-3 w-28 animate-pulse rounded bg-zinc-200 align-middle dark:bg-zinc-700"
          />
          <span className="sr-only">#{id}</span>
        </>
      ) : (
        `#${id}`
      )}
    </Link>
  );
}
