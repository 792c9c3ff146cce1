import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { useEditMode } from '../../lib/edit-mode';
import type { DetailPageProps } from './detail-page';
import { type SaveReply, useDetailActions } from './use-detail-actions';
import { useDetailForm } from './use-detail-form';
import { useRouteId } from './use-detail-record';
import type { SubEditor } from './use-sub-editor';

export type DetailScreenOptions<Record extends { version: number }, Values extends object, Payload> = {
  /** The record's query key for the route's id. */
  queryKey: (id: number) => readonly unknown[];
  fetch: (id: number) => Promise<Record>;
  /** The form's values for a record; must be stable (a module-level function). */
  toFormValues: (record: Record) => Values;
  /** Runs each time a record is shown, for what the screen keeps beside the form (e.g. a draft). */
  onShow?: (record: Record) => void;
  /** The lists showing such records, refreshed after a save or a delete. */
  listPaths: readonly string[];
  /** Other queries showing the record (pickers, a parent's table), refreshed with the lists. */
  otherKeys?: (record: Record | undefined) => readonly (readonly unknown[])[];
  /** The update payload's schema; its errors are shown under the form's fields. */
  schema: z.ZodType<Payload>;
  /** What is validated and sent besides the version: the form's values by default. */
  payloadOf?: (values: object, record: Record | undefined) => object;
  update: (id: number, payload: Payload) => Promise<SaveReply<Record>>;
  remove?: (id: number) => Promise<{ success: boolean }>;
  /** The reply's copy lacks display names (e.g. of picked records): reload after a save instead. */
  reloadAfterSave?: boolean;
  /** Runs after a successful save. */
  afterSave?: () => Promise<void> | void;
  /**
   * A rule checked on the form's values before the payload is validated and sent (e.g. the required fields
   * said together); false stops the save, the rule having said why.
   */
  beforeSave?: (values: Values, form: FormInstance<Values>) => boolean;
  /** Editors beside the form with rows of their own (`useSubEditor`): reset on Cancel and after a save. */
  subEditors?: readonly SubEditor[];
};

/**
 * The glue of a detail screen on the route `…/:id`: the id, the edit mode, the record and its form
 * (`useDetailForm`), Save and Delete (`useDetailActions`), and the `DetailPage` props they give
 * (`page`: loading, not found, the form, Save, Cancel, Delete). A screen with more to reload or to check
 * before saving overrides `onReload` or `onSave` after spreading `page`.
 */
export function useDetailScreen<Record extends { version: number }, Values extends object, Payload>(
  options: DetailScreenOptions<Record, Values, Payload>,
) {
  const routeId = useRouteId();
  const id = routeId ?? 0;
  const editing = useEditMode();
  const queryKey = options.queryKey(id);
  const detail = useDetailForm({
    queryKey,
    fetch: () => options.fetch(id),
    enabled: routeId !== null,
    toFormValues: options.toFormValues,
    onShow: options.onShow,
  });
  const { otherKeys, payloadOf, remove, beforeSave, afterSave } = options;
  const subEditors = options.subEditors ?? [];
  const resetSubEditors = () => {
    for (const editor of subEditors) {
      editor.reset();
    }
  };
  const actions = useDetailActions({
    detail,
    queryKey,
    listPaths: options.listPaths,
    otherKeys: otherKeys ? () => otherKeys(detail.record) : undefined,
    schema: options.schema,
    payloadOf: payloadOf ? (values) => payloadOf(values, detail.record) : undefined,
    update: (payload) => options.update(id, payload),
    remove: remove ? () => remove(id) : undefined,
    reloadAfterSave: options.reloadAfterSave,
    afterSave: async () => {
      resetSubEditors();
      await afterSave?.();
    },
  });
  const save = async (): Promise<boolean> =>
    beforeSave && !beforeSave(detail.form.getFieldsValue(true) as Values, detail.form) ? false : actions.save();
  /** The record and the sub-editors' rows read again (Cancel, a stale version, a change made beside the form). */
  const reload = async (): Promise<void> => {
    resetSubEditors();
    await detail.reload();
  };
  const page = {
    loading: detail.loading,
    notFound: detail.missing,
    form: detail.form,
    onSave: save,
    onReload: reload,
    onDelete: actions.remove,
  } satisfies Partial<DetailPageProps>;

  return {
    /** The route's id; null when it is not a positive integer (the screen then shows "not found"). */
    routeId,
    /** The route's id, 0 when it is not one (nothing is fetched then). */
    id,
    editing,
    record: detail.record,
    form: detail.form,
    /** Reads the record and the sub-editors' rows again. */
    reload,
    detail,
    actions,
    page,
  };
}
