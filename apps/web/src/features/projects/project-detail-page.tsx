import { projectUpdateSchema } from '@isf/contract';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { DocumentManager } from '../../components/document-manager/document-manager';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { PROJECT_LIST_PATH } from '../../lib/list-paths';
import { ProjectFormFields, type ProjectFormValues, projectFormValuesOf, projectPayloadOf } from './project-form-fields';
import { ProjectImputationsTab } from './project-imputations-tab';
import { ProjectOracleProjectsTab } from './project-oracle-projects-tab';
import { ProjectOscarTab } from './project-oscar-tab';
import { ProjectUsersTab } from './project-users-tab';
import { deleteProject, fetchProject, projectQueryKey, updateProject } from './projects.api';

/**
 * The project detail (spec 3 Project detail): Information, Users, Imputations, Oracle projects,
 * Documents and OSCAR sub-projects tabs, each shown with the read right on what it lists.
 */
export function ProjectDetailPage() {
  const { t } = useTranslation();
  const projectId = useRouteId();
  const id = projectId ?? 0;
  const { can } = useAuth();
  const editing = useEditMode();
  const detail = useDetailForm({
    queryKey: projectQueryKey(id),
    fetch: () => fetchProject(id),
    enabled: projectId !== null,
    toFormValues: projectFormValuesOf,
  });
  const { form, reload } = detail;
  const project = detail.record;

  const actions = useDetailActions({
    detail,
    queryKey: projectQueryKey(id),
    listPaths: [PROJECT_LIST_PATH],
    schema: projectUpdateSchema,
    payloadOf: (values) => projectPayloadOf(values as ProjectFormValues),
    update: (payload) => updateProject(id, payload),
    remove: () => deleteProject(id),
    // the reply carries the ids only: the names of type, manager and business unit come with a reload
    reloadAfterSave: true,
  });

  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <Card>
          <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} disabled={!editing}>
            <ProjectFormFields current={project} />
          </Form>
        </Card>
      ),
    },
    ...(can('user_project', 'read')
      ? [{ key: 'users', label: t('projects.tab.users'), children: <ProjectUsersTab projectId={id} /> }]
      : []),
    ...(can('imputation', 'read')
      ? [{ key: 'imputations', label: t('projects.tab.imputations'), children: <ProjectImputationsTab projectId={id} /> }]
      : []),
    ...(can('oracle_project', 'read')
      ? [{ key: 'oracle', label: t('erpProjects.tab.oracle'), children: <ProjectOracleProjectsTab project={project} /> }]
      : []),
    ...(can('document', 'read')
      ? [
          {
            key: 'documents',
            label: t('projects.tab.documents'),
            children: <DocumentManager entity="project" entityId={id} canDelete={can('project', 'update')} />,
          },
        ]
      : []),
    { key: 'oscar', label: t('erpProjects.tab.oscar'), children: <ProjectOscarTab projectId={id} /> },
  ];

  return (
    <DetailPage
      title={project ? t('projects.detailTitle', { code: project.code, name: project.name }) : t('projects.one')}
      entity="project"
      listRoute="/projects"
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={tabs}
      onSave={actions.save}
      onReload={reload}
      onDelete={actions.remove}
    />
  );
}
