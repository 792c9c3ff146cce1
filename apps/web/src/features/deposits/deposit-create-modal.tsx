import { depositCreateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { MoneyInput } from '../../components/form/money-input';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { addDeposit, DEPOSIT_LIST_PATH, DEPOSITS_KEY, type DepositOwner } from './deposits.api';
import type { DepositEditValues } from './use-deposit-row-edit';

const EMPTY: DepositEditValues = { reference: '', amount: null, reimbursementDate: '' };

/** The add modal of a deposits block (spec 2 §5: amount required, 0 or more): on an order, or on a market for any of its orders. */
export function DepositCreateModal({ owner, open, onClose }: { owner: DepositOwner; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepositEditValues>();
  const queryClient = useQueryClient();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('deposits.addTitle')}
      form={form}
      initialValues={EMPTY}
      schema={depositCreateSchema}
      submit={(payload) => addDeposit(owner, payload)}
      listPath={DEPOSIT_LIST_PATH}
      onDone={() => void queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY })}
    >
      <Form.Item
        name="reference"
        label={t('deposits.reference')}
        required
        rules={[schemaRule(depositCreateSchema.shape.reference, t)]}
      >
        <TrimmedInput />
      </Form.Item>
      <Form.Item name="amount" label={t('deposits.amount')} required rules={[schemaRule(depositCreateSchema.shape.amount, t)]}>
        <MoneyInput style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="reimbursementDate" label={t('deposits.reimbursementDate')}>
        <IsoDateInput />
      </Form.Item>
    </FormModal>
  );
}
