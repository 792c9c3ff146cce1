import { delegationCreateSchema } from '@isf/contract';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { createDelegation, useRefreshDelegations } from './account.api';
import { DelegationUserSelect } from './delegation-user-select';

type DelegationValues = { delegateFrom?: number | null; delegateTo?: number; startDate?: Dayjs; endDate?: Dayjs };

const DATE_FORMAT = 'DD/MM/YYYY';

/** An end before the start is reset to the start (spec 3 §5). */
export function endNotBeforeStart(start: Dayjs | undefined, end: Dayjs | undefined): Dayjs | undefined {
  return start && end?.isBefore(start, 'day') ? start : end;
}

function toPayload(values: DelegationValues) {
  return {
    delegateFrom: values.delegateFrom ?? null,
    delegateTo: values.delegateTo,
    startDate: values.startDate?.format('YYYY-MM-DD'),
    endDate: values.endDate?.format('YYYY-MM-DD'),
  };
}

/** Creates a delegation of one's workflow tasks; an administrator of delegations may create one for someone else. */
export function DelegationCreateModal({ open, onClose, forOthers }: { open: boolean; onClose: () => void; forOthers: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DelegationValues>();
  const refresh = useRefreshDelegations();
  const required = [{ required: true, message: t('validation.required') }];

  return (
    <FormModal<DelegationValues, unknown>
      open={open}
      onClose={onClose}
      title={t('account.delegations.createTitle')}
      form={form}
      schema={delegationCreateSchema}
      toPayload={toPayload}
      submit={createDelegation}
      onDone={() => void refresh()}
    >
      {forOthers ? (
        <Form.Item name="delegateFrom" label={t('account.delegations.from')} extra={t('account.delegations.fromHelp')}>
          <DelegationUserSelect allowClear />
        </Form.Item>
      ) : null}
      <Form.Item name="delegateTo" label={t('account.delegations.to')} rules={required}>
        <DelegationUserSelect />
      </Form.Item>
      <Form.Item name="startDate" label={t('account.delegations.start')} rules={required}>
        <DatePicker
          format={DATE_FORMAT}
          style={{ width: '100%' }}
          onChange={(start: Dayjs | null) =>
            form.setFieldValue('endDate', endNotBeforeStart(start ?? undefined, form.getFieldValue('endDate')))
          }
        />
      </Form.Item>
      <Form.Item
        name="endDate"
        label={t('account.delegations.end')}
        rules={required}
        normalize={(end: Dayjs | null) => endNotBeforeStart(form.getFieldValue('startDate'), end ?? undefined) ?? null}
      >
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
