import { imputationCreateSchema, imputationUpdateSchema } from '@isf/contract';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { createImputation, type Imputation, updateImputation } from './projects.api';

type ImputationValues = { eotp: string; description: string; active: boolean };

type ImputationModalProps = {
  projectId: number;
  /** The imputation to edit; a new one without it. */
  imputation: Imputation | null;
  open: boolean;
  /** Closes the modal, after a success too. */
  onClose: () => void;
};

/** Creates or edits an imputation; the eOTP rule (longer than the project code) is the server's. */
export function ImputationModal({ projectId, imputation, open, onClose }: ImputationModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImputationValues>();
  const initialValues: ImputationValues = imputation
    ? { eotp: imputation.eotp, description: imputation.description ?? '', active: imputation.active }
    : { eotp: '', description: '', active: true };
  const shape = imputationCreateSchema.shape;

  const fields = (
    <>
      <Form.Item name="eotp" label={t('projects.eotp')} required rules={[schemaRule(shape.eotp, t)]}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[schemaRule(shape.description, t)]}>
        <TrimmedInput maxLength={500} multiline />
      </Form.Item>
      <Form.Item name="active" label={t('users.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );

  return imputation ? (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('projects.imputationEditTitle', { eotp: imputation.eotp })}
      okText={t('detail.save')}
      form={form}
      initialValues={initialValues}
      schema={imputationUpdateSchema}
      toPayload={(values) => ({ ...values, version: imputation.version })}
      submit={(payload) => updateImputation(imputation.id, payload)}
    >
      {fields}
    </FormModal>
  ) : (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('projects.imputationCreateTitle')}
      form={form}
      initialValues={initialValues}
      schema={imputationCreateSchema}
      toPayload={(values) => ({ ...values, projectId })}
      submit={createImputation}
    >
      {fields}
    </FormModal>
  );
}
