import { rgWarrantyErrorSchema, rgWarrantySuccessSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { markRgWarranty, RG_WARRANTY_LIST_PATH } from './oracle-imputations.api';

type Values = { statusReason: string };

/**
 * Marks an ERP retention warranty as a success (the invoice name, required) or an error (the reason,
 * required): the confirmation modal of spec 2 ERP retention warranties, checked with the contract's schema.
 */
export function RgWarrantyReasonModal({
  warranty,
  move,
  onClose,
}: {
  warranty: number;
  move: 'success' | 'error';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values, Values>
      open
      onClose={onClose}
      title={t(`rgWarranties.${move}Title`, { id: warranty })}
      form={form}
      initialValues={{ statusReason: '' }}
      schema={move === 'success' ? rgWarrantySuccessSchema : rgWarrantyErrorSchema}
      submit={async (payload) => {
        const reply = await markRgWarranty(warranty, move, payload.statusReason);
        return { success: reply.success, id: warranty };
      }}
      listPath={RG_WARRANTY_LIST_PATH}
      okText={t(`rgWarranties.actions.${move}`)}
    >
      <Form.Item name="statusReason" label={t(`rgWarranties.${move}Reason`)} required>
        <TrimmedInput maxLength={240} />
      </Form.Item>
    </FormModal>
  );
}
