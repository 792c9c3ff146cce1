import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { type DetailRecordOptions, useDetailRecord } from './use-detail-record';

export type DetailFormOptions<Record, Values> = DetailRecordOptions<Record> & {
  /** The form's values for a record; must be stable (a module-level function). */
  toFormValues: (record: Record) => Values;
  /** Runs each time a record is shown, for what the screen keeps beside the form (e.g. a draft). */
  onShow?: (record: Record) => void;
};

/**
 * A detail screen's record and the form that shows it: the form follows every load, reload (Cancel,
 * stale version) and replacement by the copy a save returns. `toFormValues` must be stable.
 */
export function useDetailForm<Record, Values extends object>(options: DetailFormOptions<Record, Values>) {
  const [form] = Form.useForm<Values>();
  const detail = useDetailRecord(options);
  const { toFormValues } = options;
  const onShow = useRef(options.onShow);
  onShow.current = options.onShow;

  const show = useCallback(
    (record: Record) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(record) as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
      onShow.current?.(record);
    },
    [form, toFormValues],
  );

  useEffect(() => {
    if (detail.record) {
      show(detail.record);
    }
  }, [detail.record, show]);

  return {
    ...detail,
    form,
    show,
    async reload(): Promise<void> {
      const record = await detail.reload();
      if (record) {
        show(record);
      }
    },
    replace(record: Record): void {
      detail.setRecord(record);
      show(record);
    },
  };
}
