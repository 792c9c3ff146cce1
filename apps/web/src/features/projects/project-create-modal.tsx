import { projectCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { PROJECT_LIST_PATH } from '../../lib/list-paths';
import { EMPTY_PROJECT, ProjectFormFields, type ProjectFormValues, projectPayloadOf } from './project-form-fields';
import { createProject } from './projects.api';

/** Creates a project (spec 3 §5: name required, code of 3 to 100 characters, generation day empty or 01-28). */
export function ProjectCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('projects.createTitle')}
      form={form}
      initialValues={EMPTY_PROJECT}
      schema={projectCreateSchema}
      toPayload={projectPayloadOf}
      submit={createProject}
      listPath={PROJECT_LIST_PATH}
      detailRoute="/project"
      width={640}
    >
      <ProjectFormFields />
    </FormModal>
  );
}
