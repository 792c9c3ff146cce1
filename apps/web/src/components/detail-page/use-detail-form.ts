import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect } from 'react';
import { type DetailRecordOptions, useDetailRecord } from './use-detail-record';

/**
 * A detail screen's record and the form that shows it: the form follows every load, reload (Cancel,
 * stale version) and replacement by the copy a save returns. `toFormValues` must be stable.
 */
export function useDetailForm<Record, Values extends object>(
  options: DetailRecordOptions<Record> & { toFormValues: (record: Record) => Values },
) {
  const [form] = Form.useForm<Values>();
  const detail = useDetailRecord(options);
  const { toFormValues } = options;

  const show = useCallback(
    (record: Record) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(record) as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
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
