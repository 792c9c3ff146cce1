import { projectUpdateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { useAuth } from '../../lib/auth-store';
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
  const { can } = useAuth();
  const screen = useDetailScreen({
    queryKey: projectQueryKey,
    fetch: fetchProject,
    toFormValues: projectFormValuesOf,
    listPaths: [PROJECT_LIST_PATH],
    schema: projectUpdateSchema,
    payloadOf: (values) => projectPayloadOf(values as ProjectFormValues),
    update: updateProject,
    remove: deleteProject,
    reloadAfterSave: true,
  });
  const { id } = screen;
  const project = screen.record;

  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <DetailForm form={screen.form} fullWidth>
          <ProjectFormFields current={project} />
        </DetailForm>
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
    ...documentsTabs({ entity: 'project', id, label: t('projects.tab.documents'), can }),
    { key: 'oscar', label: t('erpProjects.tab.oscar'), children: <ProjectOscarTab projectId={id} /> },
  ];

  return (
    <DetailPage
      title={project ? t('projects.detailTitle', { code: project.code, name: project.name }) : t('projects.one')}
      entity="project"
      listRoute="/projects"
      {...screen.page}
      tabs={tabs}
    />
  );
}
