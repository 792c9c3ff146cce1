import { DeleteOutlined } from '@ant-design/icons';
import type { OscarProjectRow, OscarSubProjectRecord } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { Picker } from '../../components/picker/picker';
import { useAuth } from '../../lib/auth-store';
import { AttachPicker, useLinkCalls } from './attach-picker';
import {
  attachOscarProject,
  detachOscarProject,
  oscarKey,
  useProjectOscarProjects,
  useProjectOscarSubprojects,
} from './erp-projects.api';

/**
 * The OSCAR sub-projects tab of a project (spec 3 Project detail): the OSCAR projects attached to it
 * (added and removed with the update right on project) and the sub-projects they hold.
 */
export function ProjectOscarTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const oscarProjects = useProjectOscarProjects(projectId);
  const subprojects = useProjectOscarSubprojects(projectId);
  const { busy, run, confirmThenRun } = useLinkCalls(() => queryClient.invalidateQueries({ queryKey: oscarKey(projectId) }));
  const canLink = can('project', 'update');

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {canLink ? (
        <AttachPicker
          label={t('erpProjects.attach')}
          busy={busy}
          picker={(value, onChange) => (
            <Picker<OscarProjectRow>
              value={value}
              onChange={onChange}
              entity="project"
              listPath="/oscarprojects/available"
              listName="picker.oscarprojects.available"
              title={t('erpProjects.oscarProject')}
              defaultSort={{ column: 'name', direction: 'asc' }}
              columns={[
                { key: 'name', title: t('fields.name') },
                { key: 'dsp', title: t('oscar.dsp') },
                { key: 'oiCode', title: t('oscar.oiCode') },
                { key: 'subprojectCount', title: t('erpProjects.subprojectCount'), sortable: false, nullFilter: false },
              ]}
              toValue={(row) => ({ id: row.id, label: row.name })}
            />
          )}
          onAttach={(id) => run(() => attachOscarProject(projectId, id))}
        />
      ) : null}
      <Table<OscarProjectRow>
        size="small"
        bordered
        rowKey="id"
        loading={oscarProjects.isLoading}
        dataSource={oscarProjects.data?.content ?? []}
        pagination={false}
        locale={{ emptyText: t('table.noData') }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('erpProjects.oscarProject') },
          { key: 'dsp', dataIndex: 'dsp', title: t('oscar.dsp') },
          { key: 'oiCode', dataIndex: 'oiCode', title: t('oscar.oiCode') },
          { key: 'subprojectCount', dataIndex: 'subprojectCount', title: t('erpProjects.subprojectCount'), align: 'right' },
          ...(canLink
            ? [
                {
                  key: 'remove',
                  title: '',
                  width: 60,
                  render: (_value: unknown, row: OscarProjectRow) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('erpProjects.detach', { name: row.name })}
                      title={t('erpProjects.detach', { name: row.name })}
                      disabled={busy}
                      onClick={() => void confirmThenRun(t('confirm.delete'), () => detachOscarProject(projectId, row.id))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('oscar.title')}
      </Typography.Title>
      <Table<OscarSubProjectRecord>
        size="small"
        bordered
        rowKey="id"
        loading={subprojects.isLoading}
        dataSource={subprojects.data ?? []}
        pagination={false}
        locale={{ emptyText: t('table.noData') }}
        columns={[
          {
            key: 'name',
            title: t('fields.name'),
            render: (_value, row) => (
              <EntityLink entity="project" to={`/oscarsubproject/${row.id}`}>
                {row.name}
              </EntityLink>
            ),
          },
          { key: 'projectName', dataIndex: 'projectName', title: t('erpProjects.oscarProject') },
          { key: 'arcgisName', dataIndex: 'arcgisName', title: t('oscar.arcgisName') },
          { key: 'nroName', dataIndex: 'nroName', title: t('oscar.nroName') },
          { key: 'offerIdPm', dataIndex: 'offerIdPm', title: t('oscar.offerIdPm') },
          { key: 'city', dataIndex: 'city', title: t('oscar.city') },
          { key: 'status', dataIndex: 'status', title: t('oscar.status') },
          { key: 'milestone', dataIndex: 'milestone', title: t('oscar.milestone') },
        ]}
      />
    </Space>
  );
}
