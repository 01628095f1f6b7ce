import { ListLoading } from '@/components/data-table/list-page';

export default function Loading() {
  return <ListLoading namespace="companies" />;
}
