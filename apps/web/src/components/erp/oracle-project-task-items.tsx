import { useQuery } from '@tanstack/react-query';
import { Form, type FormItemProps, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { type Choice, withCurrent } from '../form/choice-select-item';
import { Picker, type PickerValue } from '../picker/picker';

/** An ERP project as its choices show it. */
export type OracleProjectChoice = { id: number; number: string; name: string; businessUnitName: string | null };

/** An ERP task as its choices show it. */
type OracleTaskChoice = { id: number; number: string; name: string };

/** The tasks of an ERP project (`GET /oracle/project/{id}/tasks`), read once one is chosen and the task right allows. */
export function useOracleProjectTasks(oracleProjectId: number | null) {
  const { can } = useAuth();
  return useQuery({
    queryKey: ['oracleproject', oracleProjectId, 'tasks'],
    queryFn: () => api.get<OracleTaskChoice[]>(`/oracle/project/${oracleProjectId}/tasks`),
    enabled: oracleProjectId !== null && can('oracle_task', 'read'),
  });
}

/** One of the two fields: its form name, its label, its lock and the saved choice kept among the options. */
export type OracleFieldProps = {
  name: string;
  label: string;
  disabled?: boolean;
  current?: { id: number | null; label: string | null };
  /** The placeholder of an empty field; "select an item" by default. */
  placeholder?: ReactNode;
};

export type OracleProjectTaskItemsProps = {
  project: OracleFieldProps;
  task: OracleFieldProps;
  /**
   * Where the project is chosen: a select among the projects given (the ERP projects of the order's
   * project; the form holds the id), or, without them, the picker of every ERP project (the form holds
   * the picked `{ id, label }`).
   */
  projects?: { data?: OracleProjectChoice[]; isLoading: boolean };
  /** What must be filled: both fields, the task alone, or the task once a project is chosen. */
  required: 'both' | 'task' | 'taskOfProject';
  /** The form itself refuses a required field left empty (false where the save checks them). */
  checked?: boolean;
  /** Say "choose the project first" under the task while no project is chosen (true by default). */
  hint?: boolean;
  /** Lays out each field (e.g. in a grid column); as they are by default. */
  item?: (field: ReactNode) => ReactNode;
};

const asIs = (field: ReactNode) => field;

/** The chosen project's id, whether the form holds an id (select) or a picked value (picker). */
function chosenId(value: number | PickerValue | null | undefined): number | null {
  if (value === null || value === undefined) {
    return null;
  }
  return typeof value === 'number' ? value : value.id;
}

/**
 * An ERP project and its task (spec 2 §5): the task is read-only until a project is chosen, lists that
 * project's tasks, and empties when another project is chosen. Every `code — name`.
 */
export function OracleProjectTaskItems({
  project,
  task,
  projects,
  required,
  checked = true,
  hint = true,
  item = asIs,
}: OracleProjectTaskItemsProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const form = Form.useFormInstance();
  const projectId = chosenId(Form.useWatch<number | PickerValue | null>(project.name, form));
  const tasks = useOracleProjectTasks(projectId);
  const projectRequired = required === 'both';
  const taskRequired = required === 'taskOfProject' ? projectId !== null : true;
  const rulesOf = (mandatory: boolean): FormItemProps['rules'] =>
    checked && mandatory ? [{ required: true, message: t('validation.required') }] : undefined;
  const options = (rows: { id: number; number: string; name: string }[] | undefined, current: OracleFieldProps['current']) => {
    const loaded = (rows ?? []).map((row): Choice => ({ value: row.id, label: codeAndName(row.number, row.name) }));
    return current ? withCurrent(loaded, current.id, current.label) : loaded;
  };
  const emptyTask = () => form.setFieldValue(task.name, null);
  const placeholder = (field: OracleFieldProps) => field.placeholder ?? t('validation.selectItem');

  return (
    <>
      {item(
        <Form.Item name={project.name} label={project.label} required={projectRequired} rules={rulesOf(projectRequired)}>
          {projects ? (
            <Select
              allowClear={!projectRequired}
              showSearch={{ optionFilterProp: 'label' }}
              disabled={project.disabled}
              placeholder={placeholder(project)}
              loading={projects.isLoading}
              options={options(projects.data, project.current)}
              onChange={emptyTask}
            />
          ) : (
            <Picker<OracleProjectChoice>
              entity="oracle_project"
              listPath="/oracle/projects"
              listName="picker.oracleprojects"
              title={project.label}
              required={projectRequired}
              disabled={project.disabled}
              defaultSort={{ column: 'number', direction: 'asc' }}
              columns={[
                { key: 'number', title: t('erpProjects.number') },
                { key: 'name', title: t('fields.name') },
                { key: 'businessUnitName', title: t('erpProjects.businessUnit') },
              ]}
              toValue={(row) => ({ id: row.id, label: codeAndName(row.number, row.name) })}
              onChange={emptyTask}
            />
          )}
        </Form.Item>,
      )}
      {item(
        <Form.Item
          name={task.name}
          label={task.label}
          required={taskRequired}
          rules={rulesOf(taskRequired)}
          dependencies={[project.name]}
          extra={hint && projectId === null ? t('orderDetail.chooseProjectFirst') : undefined}
        >
          <Select
            allowClear={!taskRequired}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={task.disabled || projectId === null || !can('oracle_task', 'read')}
            placeholder={placeholder(task)}
            loading={tasks.isLoading}
            options={options(tasks.data, task.current)}
          />
        </Form.Item>,
      )}
    </>
  );
}
