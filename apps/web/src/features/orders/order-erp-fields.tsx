import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { useAuth } from '../../lib/auth-store';
import { useOracleTasks, useProjectOracleProjects } from '../projects/erp-projects.api';

type SelectProps = { id?: string; value?: number | null; onChange?: (value: number | null) => void };

type OracleProjectRow = { id: number; number: string; name: string; businessUnitName: string | null; status: string | null };

const codeAndName = (row: { number: string; name: string }) => `${row.number} — ${row.name}`;

/** The ERP projects of the market's project (`GET /project/{id}/oracleprojects`). */
export function OracleProjectSelect({ projectId, ...props }: SelectProps & { projectId: number | null }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const projects = useProjectOracleProjects(projectId ?? 0, projectId !== null && can('oracle_project', 'read'));
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={projectId === null}
      placeholder={projectId === null ? t('orderList.chooseMarketFirst') : t('validation.selectItem')}
      loading={projects.isLoading}
      options={(projects.data ?? []).map((project) => ({ value: project.id, label: codeAndName(project) }))}
    />
  );
}

function LoadedTaskSelect({ oracleProjectId, ...props }: SelectProps & { oracleProjectId: number }) {
  const tasks = useOracleTasks(oracleProjectId);
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={tasks.isLoading}
      options={(tasks.data ?? []).map((task) => ({ value: task.id, label: codeAndName(task) }))}
    />
  );
}

/** The tasks of the chosen ERP project; read-only until a project is chosen. */
export function OracleTaskSelect({ oracleProjectId, ...props }: SelectProps & { oracleProjectId: number | null }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  if (oracleProjectId === null || !can('oracle_task', 'read')) {
    return <Select {...props} disabled placeholder={t('orderList.chooseProjectFirst')} options={[]} />;
  }
  return <LoadedTaskSelect {...props} oracleProjectId={oracleProjectId} />;
}

/**
 * The emitter project and task of a market paid internally (spec 2 §5): any ERP project, the task
 * read-only until the project is chosen and required once it is.
 */
export function OrderEmitterFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const emitterProject = Form.useWatch<PickerValue | null>('oracleEmitterProject', form);
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="oracleEmitterProject" label={t('orderList.oracleEmitterProject')}>
          <Picker<OracleProjectRow>
            entity="oracle_project"
            listPath="/oracle/projects"
            listName="picker.oracleprojects"
            title={t('orderList.oracleEmitterProject')}
            defaultSort={{ column: 'number', direction: 'asc' }}
            columns={[
              { key: 'number', title: t('erpProjects.number') },
              { key: 'name', title: t('fields.name') },
              { key: 'businessUnitName', title: t('erpProjects.businessUnit') },
            ]}
            toValue={(row) => ({ id: row.id, label: codeAndName(row) })}
            onChange={() => form.setFieldValue('oracleEmitterTask', null)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="oracleEmitterTask"
          label={t('orderList.oracleEmitterTask')}
          required={Boolean(emitterProject)}
          dependencies={['oracleEmitterProject']}
          rules={[{ required: Boolean(emitterProject), message: t('validation.required') }]}
        >
          <OracleTaskSelect oracleProjectId={emitterProject?.id ?? null} />
        </Form.Item>
      </Col>
    </>
  );
}
