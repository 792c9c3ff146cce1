import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { listQueryKey } from '../data-table/use-list-controller';
import { parseForForm } from '../form/schema-rules';

/** What the detail screens' update calls answer: the saved copy when the server sends it. */
export type SaveReply<Record> = { success: boolean; record?: Record };

type DetailOfForm<Record> = {
  form: FormInstance;
  record: Record | undefined;
  reload(): Promise<void>;
  replace(record: Record): void;
};

export type DetailActionsOptions<Record extends { version: number }, Payload> = {
  /** The detail of `useDetailForm`. */
  detail: DetailOfForm<Record>;
  queryKey: readonly unknown[];
  /** The lists showing such records, refreshed after a save or a delete. */
  listPaths: readonly string[];
  /** Other queries showing the record (pickers, a parent's table), refreshed with the lists. */
  otherKeys?: () => readonly (readonly unknown[])[];
  /** The update payload's schema; its errors are shown under the form's fields. */
  schema: z.ZodType<Payload>;
  /** What is validated and sent besides the version: the form's values by default. */
  payloadOf?: (values: object) => object;
  update: (payload: Payload) => Promise<SaveReply<Record>>;
  remove?: () => Promise<{ success: boolean }>;
  /** The reply's copy lacks display names (e.g. of picked records): reload after a save instead. */
  reloadAfterSave?: boolean;
  /** Runs after a successful save (e.g. to reset a sub-editor). */
  afterSave?: () => Promise<void> | void;
};

/**
 * What a detail screen refreshes after a change: the lists showing such records and the other queries
 * showing the record (`refreshLists`); Delete (`removeWith`) also drops the deleted record's cache.
 */
export function useRecordRefresh(
  queryKey: readonly unknown[],
  listPaths: readonly string[],
  otherKeys?: () => readonly (readonly unknown[])[],
) {
  const queryClient = useQueryClient();

  const refreshLists = () => {
    for (const key of [...listPaths.map((path) => listQueryKey(path)), ...(otherKeys?.() ?? [])]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const removeWith = (remove: () => Promise<{ success: boolean }>) => async (): Promise<boolean> => {
    const reply = await remove();
    if (reply.success) {
      queryClient.removeQueries({ queryKey });
      refreshLists();
    }
    return reply.success;
  };

  return { refreshLists, removeWith };
}

/**
 * The Save and Delete of a detail screen on its `useDetailForm`: validation by the contract's schema with
 * the field errors under the fields, the version sent for the stale-save check, the saved copy shown (or
 * the record reloaded), the lists refreshed, the deleted record's cache dropped.
 */
export function useDetailActions<Record extends { version: number }, Payload>(options: DetailActionsOptions<Record, Payload>) {
  const { t } = useTranslation();
  const { detail } = options;
  const { refreshLists, removeWith } = useRecordRefresh(options.queryKey, options.listPaths, options.otherKeys);

  const save = async (): Promise<boolean> => {
    const values = detail.form.getFieldsValue(true) as object;
    const payload = parseForForm(
      detail.form,
      options.schema,
      { ...(options.payloadOf ? options.payloadOf(values) : values), version: detail.record?.version },
      t,
    );
    if (payload === null) {
      return false;
    }
    const reply = await options.update(payload);
    if (!reply.success) {
      return false;
    }
    refreshLists();
    if (reply.record && !options.reloadAfterSave) {
      detail.replace(reply.record);
    } else {
      await detail.reload();
    }
    await options.afterSave?.();
    return true;
  };

  const { remove } = options;
  const removeRecord = remove ? removeWith(remove) : undefined;

  return { save, remove: removeRecord, refreshLists };
}
