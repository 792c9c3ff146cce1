import { ORDER_REQUIRED_FIELDS_MESSAGE, orderEmitterSchema } from '@isf/contract';
import { Alert, Form } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OracleProjectTaskItems } from '../../components/erp/oracle-project-task-items';
import { FormModal } from '../../components/form/form-modal';
import type { PickerValue } from '../../components/picker/picker';
import { getFeedback } from '../../lib/feedback';
import { setOrderEmitter } from './order-detail.api';

type EmitterValues = { project: PickerValue | null; task: number | null };

export type OrderEmitterModalProps = {
  orderId: number;
  /** Why the modal opened. */
  message: string;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * Spec 1 §4 rule 8 and spec 2 §5 "ERP emitter modal": before validating an internally paid order, its
 * emitter project and task (both required; the task read-only until a project is chosen). Saved by
 * PUT /order/{id}/emitter; a failure says "Échec de la mise à jour" and the modal stays open.
 */
export function OrderEmitterModal({ orderId, message, onSaved, onCancel }: OrderEmitterModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmitterValues>();
  const saved = useRef(false);

  return (
    <FormModal<EmitterValues, { project: number; task: number }>
      open
      title={t('orderDetail.emitter.title')}
      form={form}
      initialValues={{ project: null, task: null }}
      schema={orderEmitterSchema}
      toPayload={(values) => ({ project: values.project?.id ?? null, task: values.task ?? null })}
      submit={async (payload) => {
        try {
          const reply = await setOrderEmitter(orderId, payload);
          return { success: reply.success, id: orderId };
        } catch (error) {
          getFeedback().alert({ title: t('orderDetail.emitter.updateFailed') });
          throw error;
        }
      }}
      onDone={() => {
        saved.current = true;
      }}
      onClose={() => (saved.current ? onSaved() : onCancel())}
      okText={t('orderDetail.emitter.save')}
      invalidMessage={ORDER_REQUIRED_FIELDS_MESSAGE}
    >
      <Alert type="info" showIcon title={message} style={{ marginBottom: 16 }} />
      <OracleProjectTaskItems
        project={{ name: 'project', label: t('orderDetail.field.oracleEmitterProject') }}
        task={{ name: 'task', label: t('orderDetail.field.oracleEmitterTask') }}
        required="both"
      />
    </FormModal>
  );
}
