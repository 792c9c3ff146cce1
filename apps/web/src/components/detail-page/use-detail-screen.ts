import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { setEditing, useEditMode } from '../../lib/edit-mode';
import { parseForForm } from '../form/schema-rules';
import type { DetailPageProps } from './detail-page';
import { type SaveReply, useDetailActions } from './use-detail-actions';
import { useDetailForm } from './use-detail-form';
import { useRouteId } from './use-detail-record';
import type { SubEditor } from './use-sub-editor';

/** The create mode of a detail screen: no record yet, Save creates one and opens it. */
export type DetailScreenCreation<Values, CreatePayload> = {
  /** The new record's form values, typed in edit mode. */
  values: Values;
  /** The create payload's schema (no version); its errors are shown under the form's fields. */
  schema: z.ZodType<CreatePayload>;
  create: (payload: CreatePayload) => Promise<{ success: boolean; id: number }>;
  /** The list of such records: Save opens the new one at `${listRoute}/${id}`, Cancel goes back to it. */
  listRoute: string;
};

export type DetailScreenOptions<Record extends { version: number }, Values extends object, Payload, CreatePayload = never> = {
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
  /** Given, the screen creates a record instead of showing the route's (e.g. on `…/new`). */
  create?: DetailScreenCreation<Values, CreatePayload>;
};

/**
 * The glue of a detail screen on the route `…/:id`: the id, the edit mode, the record and its form
 * (`useDetailForm`), Save and Delete (`useDetailActions`), and the `DetailPage` props they give
 * (`page`: loading, not found, the form, Save, Cancel, Delete). A screen with more to reload or to check
 * before saving overrides `onReload` or `onSave` after spreading `page`. In create mode (`create`) there is
 * no record: the form starts from the new record's values in edit mode, Save creates the record and opens
 * its route, Cancel goes back to the list, and there is no Delete.
 */
export function useDetailScreen<Record extends { version: number }, Values extends object, Payload, CreatePayload = never>(
  options: DetailScreenOptions<Record, Values, Payload, CreatePayload>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = options;
  const creating = create !== undefined;
  const routeId = useRouteId();
  const id = creating ? 0 : (routeId ?? 0);
  const editing = useEditMode();
  const queryKey = options.queryKey(id);
  const detail = useDetailForm({
    queryKey,
    fetch: () => options.fetch(id),
    enabled: id > 0,
    toFormValues: options.toFormValues,
    onShow: options.onShow,
  });
  const creation = useRef(create);
  creation.current = create;
  useEffect(() => {
    if (creating && creation.current) {
      // after DetailPage's own reset (children's effects run first): a new record is typed in edit mode
      detail.form.setFieldsValue(creation.current.values as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
      setEditing(true);
    }
  }, [creating, detail.form]);
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
  const createRecord = async (creation: DetailScreenCreation<Values, CreatePayload>): Promise<boolean> => {
    const values = detail.form.getFieldsValue(true) as object;
    const payload = parseForForm(detail.form, creation.schema, payloadOf ? payloadOf(values, undefined) : values, t);
    if (payload === null) {
      return false;
    }
    const reply = await creation.create(payload);
    if (reply.success) {
      actions.refreshLists();
      setEditing(false);
      void navigate(`${creation.listRoute}/${reply.id}`, { replace: true });
    }
    return reply.success;
  };
  const save = async (): Promise<boolean> => {
    if (beforeSave && !beforeSave(detail.form.getFieldsValue(true) as Values, detail.form)) {
      return false;
    }
    return create ? createRecord(create) : actions.save();
  };
  /** The record and the sub-editors' rows read again (Cancel, a stale version, a change made beside the form). */
  const reload = async (): Promise<void> => {
    if (create) {
      void navigate(create.listRoute);
      return;
    }
    resetSubEditors();
    await detail.reload();
  };
  const page = {
    loading: detail.loading,
    notFound: !creating && detail.missing,
    form: detail.form,
    onSave: save,
    onReload: reload,
    onDelete: creating ? undefined : actions.remove,
  } satisfies Partial<DetailPageProps>;

  return {
    /** The route's id; null when it is not a positive integer (the screen then shows "not found"). */
    routeId,
    /** The route's id, 0 when it is not one or in create mode (nothing is fetched then). */
    id,
    /** In create mode: no record yet. */
    creating,
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
