import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';

/** The `:id` of the route, or null when it is not a positive integer. */
export function useRouteId(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export type DetailRecordOptions<Record> = {
  queryKey: readonly unknown[];
  fetch: () => Promise<Record>;
  enabled: boolean;
};

/**
 * The record of a detail screen: loading, reloading (Cancel, stale version) and replacing it with the
 * copy a save returns.
 */
export function useDetailRecord<Record>({ queryKey, fetch, enabled }: DetailRecordOptions<Record>) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: fetch, enabled, retry: false });
  return {
    record: query.data,
    loading: query.isLoading,
    failed: !enabled || query.isError,
    /** The record does not exist (or the id is not one). */
    missing: !enabled || (query.error instanceof ApiError && query.error.status === 404),
    reload: async (): Promise<Record | undefined> => (await query.refetch()).data,
    setRecord: (record: Record) => queryClient.setQueryData(queryKey, record),
  };
}
