import { type RoleRecord, roleUpdateSchema } from '@isf/contract';
import { Card, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { RoleInformationFields, type RoleInformationValues } from './role-information-fields';
import { RoleMenuTree } from './role-menu-tree';
import { RoleObjectsMatrix } from './role-objects-matrix';
import { RoleOptionsList } from './role-options-list';
import { NO_RIGHTS, type RoleRights } from './role-rights';
import { type RoleWorkflowRights, RoleWorkflowTab } from './role-workflow-tab';
import { deleteRole, fetchRole, ROLE_LIST_PATH, roleQueryKey, updateRole, useRoleCatalogues } from './roles.api';

/** What the Menu, Objects, Workflow and Options tabs edit, outside the information form. */
type RoleDraft = { menus: number[]; rights: RoleRights; workflow: RoleWorkflowRights; options: string[] };

const EMPTY_DRAFT: RoleDraft = { menus: [], rights: NO_RIGHTS, workflow: { nodes: [], transitions: [] }, options: [] };

function informationOf(role: RoleRecord): RoleInformationValues {
  return {
    name: role.name,
    description: role.description,
    visibility: role.visibility,
    parentRoleId: role.parentRoleId,
    ftth: role.ftth,
  };
}

function draftOf(role: RoleRecord): RoleDraft {
  return {
    menus: role.menus,
    rights: { create: role.create, read: role.read, update: role.update, delete: role.delete },
    workflow: { nodes: role.nodes, transitions: role.transitions },
    options: role.options,
  };
}

/** The role detail (spec 3 Role detail): Information, Menu, Objects, Workflow and Options tabs. */
export function RoleDetailPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RoleDraft>(EMPTY_DRAFT);
  const catalogues = useRoleCatalogues();
  const screen = useDetailScreen({
    queryKey: roleQueryKey,
    fetch: fetchRole,
    toFormValues: informationOf,
    onShow: (record) => setDraft(draftOf(record)),
    listPaths: [ROLE_LIST_PATH],
    otherKeys: () => [['roles', 'names']],
    schema: roleUpdateSchema,
    payloadOf: (values) => {
      const { rights, menus, workflow, options } = draft;
      return { ...values, ...rights, menus, ...workflow, options };
    },
    update: updateRole,
    remove: deleteRole,
  });
  const { routeId, editing } = screen;
  const role = screen.record;

  const disabled = !editing;
  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <DetailForm form={screen.form} fullWidth>
          <RoleInformationFields roleId={routeId ?? undefined} />
        </DetailForm>
      ),
    },
    {
      key: 'menu',
      label: t('roles.tab.menu'),
      children: (
        <Card>
          {catalogues.menus.length > 0 ? (
            <RoleMenuTree
              menus={catalogues.menus}
              value={draft.menus}
              onChange={(menus) => setDraft((current) => ({ ...current, menus }))}
              disabled={disabled}
            />
          ) : (
            <Spin />
          )}
        </Card>
      ),
    },
    {
      key: 'objects',
      label: t('roles.tab.objects'),
      children: (
        <RoleObjectsMatrix
          entities={catalogues.entities}
          value={draft.rights}
          onChange={(rights) => setDraft((current) => ({ ...current, rights }))}
          disabled={disabled}
        />
      ),
    },
    {
      key: 'workflow',
      label: t('roles.tab.workflow'),
      children: (
        <RoleWorkflowTab
          nodes={catalogues.nodes}
          transitions={catalogues.transitions}
          value={draft.workflow}
          onChange={(workflow) => setDraft((current) => ({ ...current, workflow }))}
          disabled={disabled}
        />
      ),
    },
    {
      key: 'options',
      label: t('roles.tab.options'),
      children: (
        <Card>
          <RoleOptionsList
            options={catalogues.options}
            value={draft.options}
            onChange={(options) => setDraft((current) => ({ ...current, options }))}
            disabled={disabled}
          />
        </Card>
      ),
    },
  ];

  return (
    <DetailPage
      title={role ? t('roles.detailTitle', { name: role.name }) : t('roles.one')}
      entity="role"
      listRoute="/roles"
      {...screen.page}
      tabs={tabs}
    />
  );
}
