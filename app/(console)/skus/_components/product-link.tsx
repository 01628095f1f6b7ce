'use client';

import Link from 'next/link';
import { useRecord } from '@/lib/client/queries';

/** A SKU's product by name; each product is read once and cached, however many rows show it. */
export function ProductLink({ id }: { id: number }) {
  const product = useRecord('product', id);
  const p = product.data;
  return (
    <Link href={`/products/${id}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
      {p ? p.name || p.outerSysCode || `#${id}` : `#${id}`}
    </Link>
  );
}
