import type { DetailPageProps } from './detail-page';
import { useRecordRefresh } from './use-detail-actions';
import { useDetailRecord, useRouteId } from './use-detail-record';

export type DetailViewOptions<Record> = {
  /** The record's query key for the route's id. */
  queryKey: (id: number) => readonly unknown[];
  fetch: (id: number) => Promise<Record>;
  /** The lists showing such records, refreshed after a change or a delete. */
  listPaths?: readonly string[];
  remove?: (id: number) => Promise<{ success: boolean }>;
};

/**
 * The glue of a detail screen on the route `…/:id` without an Information form (read-only, or edited
 * in place): the id, the record, Delete, and the `DetailPage` props they give (`page`: loading, not
 * found, reload, Delete).
 */
export function useDetailView<Record>(options: DetailViewOptions<Record>) {
  const routeId = useRouteId();
  const id = routeId ?? 0;
  const queryKey = options.queryKey(id);
  const detail = useDetailRecord({ queryKey, fetch: () => options.fetch(id), enabled: routeId !== null });
  const { refreshLists, removeWith } = useRecordRefresh(queryKey, options.listPaths ?? []);
  const { remove } = options;
  const reload = async (): Promise<void> => {
    await detail.reload();
  };
  const page = {
    loading: detail.loading,
    notFound: detail.missing,
    onReload: reload,
    onDelete: remove ? removeWith(() => remove(id)) : undefined,
  } satisfies Partial<DetailPageProps>;

  return { routeId, id, record: detail.record, detail, reload, refreshLists, page };
}
