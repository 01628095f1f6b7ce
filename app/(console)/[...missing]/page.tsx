import { notFound } from 'next/navigation';

// Any address no console page claims: answered 404 by (console)/not-found.tsx, inside the console layout.
export default function MissingPage() {
  notFound();
}
