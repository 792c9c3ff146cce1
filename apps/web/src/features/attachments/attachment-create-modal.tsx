import {
  ATTACHMENT_ORDER_REQUIRED_MESSAGE,
  ATTACHMENT_REPEAT_CONFIRM,
  type AttachmentCreateInput,
  attachmentCreateSchema,
  ORDER_VALIDATED_NODE,
  type OrderRow,
  withinRepeatWindow,
} from '@isf/contract';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { getFeedback } from '../../lib/feedback';
import { ATTACHMENT_LIST_PATH, ORDER_LIST_PATH } from '../../lib/list-paths';
import { ATTACHMENT_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { createAttachment, fetchLastAttachment } from './attachments.api';

type Values = { order: PickerValue | null; observation?: string; isDGD?: boolean };

/** Only validated orders are attached (the server refuses the others with 422). */
const VALIDATED_ORDERS = { nodeCode: ORDER_VALIDATED_NODE };

export type AttachmentCreateModalProps = {
  open: boolean;
  onClose: () => void;
  /** The order to attach when the modal opens from the order's screen (no order picker then). */
  orderId?: number;
  /** Called after the creation (the order's table refreshes). */
  onCreated?: (id: number) => void;
};

/**
 * Creates an attachment (spec 2 Attachment list, §5): the order (required, chosen among the validated
 * ones unless given), an observation and the DGD checkbox; the 'already attached this month'
 * confirmation when the order's last attachment is 30 days old or less; then the new attachment opens.
 */
export function AttachmentCreateModal({ open, onClose, orderId, onCreated }: AttachmentCreateModalProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [form] = Form.useForm<Values>();

  const submit = async (payload: AttachmentCreateInput) => {
    // the repeat question reads the order (spec 2 §7: GET /order/{id} returns lastAttachment)
    if (payload.order !== null && can('order', 'read')) {
      const last = await fetchLastAttachment(payload.order);
      if (withinRepeatWindow(last) && !(await getFeedback().confirm({ content: ATTACHMENT_REPEAT_CONFIRM }))) {
        return { success: false, id: 0 };
      }
    }
    return createAttachment(payload);
  };

  return (
    <FormModal<Values, AttachmentCreateInput>
      open={open}
      onClose={onClose}
      title={t('attachmentList.createTitle')}
      form={form}
      initialValues={{ order: null, observation: '', isDGD: false }}
      schema={attachmentCreateSchema}
      toPayload={(values) => ({
        order: orderId ?? values.order?.id ?? null,
        observation: values.observation,
        isDGD: values.isDGD ?? false,
      })}
      submit={submit}
      listPath={ATTACHMENT_LIST_PATH}
      detailRoute={ATTACHMENT_DETAIL_ROUTE}
      onDone={onCreated}
      width={640}
    >
      {orderId === undefined ? (
        <Form.Item
          name="order"
          label={t('attachmentList.order')}
          required
          rules={[
            {
              validator: async (_rule, value: PickerValue | null) => {
                if (!value) {
                  throw new Error(ATTACHMENT_ORDER_REQUIRED_MESSAGE);
                }
              },
            },
          ]}
        >
          <Picker<OrderRow>
            entity="order"
            listPath={ORDER_LIST_PATH}
            listName="picker.attachment.orders"
            title={t('attachmentList.order')}
            required
            detailRoute={ORDER_DETAIL_ROUTE}
            fixedFilters={VALIDATED_ORDERS}
            columns={[
              { key: 'reference', title: t('orderList.reference') },
              { key: 'name', title: t('orderList.name') },
              { key: 'marketEdifice', title: t('orderList.market') },
              { key: 'projectName', title: t('orderList.project') },
            ]}
            toValue={(row) => ({ id: row.id, label: codeAndName(row.reference, row.name) })}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="observation" label={t('attachmentDetail.field.observation')}>
        <TrimmedInput multiline maxLength={4000} />
      </Form.Item>
      <Form.Item name="isDGD" valuePropName="checked" extra={t('attachmentDetail.dgdHelp')}>
        <Checkbox>{t('attachmentDetail.field.isDGD')}</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
