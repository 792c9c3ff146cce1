import { ORDER_REQUIRED_FIELDS_MESSAGE, type OracleProjectRecord, orderEmitterSchema } from '@isf/contract';
import { Alert, Form } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelectItem } from '../../components/form/choice-select-item';
import { FormModal } from '../../components/form/form-modal';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { getFeedback } from '../../lib/feedback';
import { setOrderEmitter, useOracleProjectTasks } from './order-detail.api';

type EmitterValues = { project: PickerValue | null; task: number | null };

export type OrderEmitterModalProps = {
  orderId: number;
  /** Why the modal opened. */
  message: string;
  onSaved: () => void;
  onCancel: () => void;
};

/** The Oracle project choices of a picker: number and name. */
export function oracleProjectLabel(project: Pick<OracleProjectRecord, 'number' | 'name'>): string {
  return `${project.number} – ${project.name}`;
}

/**
 * Spec 1 §4 rule 8 and spec 2 §5 "ERP emitter modal": before validating an internally paid order, its
 * emitter project and task (both required; the task read-only until a project is chosen). Saved by
 * PUT /order/{id}/emitter; a failure says "Échec de la mise à jour" and the modal stays open.
 */
export function OrderEmitterModal({ orderId, message, onSaved, onCancel }: OrderEmitterModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmitterValues>();
  const saved = useRef(false);
  const project = Form.useWatch('project', form);
  const tasks = useOracleProjectTasks(project?.id ?? null);

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
      <Form.Item
        name="project"
        label={t('orderDetail.field.oracleEmitterProject')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Picker<OracleProjectRecord>
          entity="oracle_project"
          listPath="/oracle/projects"
          listName="picker.oracleprojects"
          title={t('orderDetail.field.oracleEmitterProject')}
          required
          columns={[
            { key: 'number', title: t('orderDetail.oracleProjectNumber') },
            { key: 'name', title: t('fields.name') },
            { key: 'businessUnitName', title: t('orderDetail.businessUnit') },
          ]}
          toValue={(row) => ({ id: row.id, label: oracleProjectLabel(row) })}
          onChange={() => form.setFieldValue('task', null)}
        />
      </Form.Item>
      <ChoiceSelectItem
        name="task"
        label={t('orderDetail.field.oracleEmitterTask')}
        rules={[{ required: true, message: t('validation.required') }]}
        extra={project ? undefined : t('orderDetail.chooseProjectFirst')}
        disabled={!project}
        loading={tasks.isLoading}
        placeholder={t('validation.selectItem')}
        options={(tasks.data ?? []).map((task) => ({ value: task.id, label: `${task.number} – ${task.name}` }))}
      />
    </FormModal>
  );
}
