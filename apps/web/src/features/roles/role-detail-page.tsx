import { type RoleRecord, roleUpdateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Form, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailRecord, useRouteId } from '../../components/detail-page/use-detail-record';
import { fieldErrorsOf, parseInFrench, showFieldErrors } from '../../components/form/schema-rules';
import { useEditMode } from '../../lib/edit-mode';
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
  const roleId = useRouteId();
  const id = roleId ?? 0;
  const editing = useEditMode();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleInformationValues>();
  const [draft, setDraft] = useState<RoleDraft>(EMPTY_DRAFT);
  const catalogues = useRoleCatalogues();
  const detail = useDetailRecord({ queryKey: roleQueryKey(id), fetch: () => fetchRole(id), enabled: roleId !== null });
  const role = detail.record;

  const show = useCallback(
    (record: RoleRecord) => {
      form.resetFields();
      form.setFieldsValue(informationOf(record));
      setDraft(draftOf(record));
    },
    [form],
  );

  useEffect(() => {
    if (role) {
      show(role);
    }
  }, [role, show]);

  const reload = async () => {
    const record = await detail.reload();
    if (record) {
      show(record);
    }
  };

  const save = async () => {
    const { rights, menus, workflow, options } = draft;
    const parsed = parseInFrench(roleUpdateSchema, {
      ...form.getFieldsValue(true),
      ...rights,
      menus,
      ...workflow,
      options,
      version: role?.version,
    });
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      return false;
    }
    const reply = await updateRole(id, parsed.data);
    if (!reply.success) {
      return false;
    }
    void queryClient.invalidateQueries({ queryKey: listQueryKey(ROLE_LIST_PATH) });
    void queryClient.invalidateQueries({ queryKey: ['roles', 'names'] });
    if (reply.record) {
      detail.setRecord(reply.record);
      show(reply.record);
    } else {
      await reload();
    }
    return true;
  };

  const remove = async () => {
    const reply = await deleteRole(id);
    if (reply.success) {
      void queryClient.invalidateQueries({ queryKey: listQueryKey(ROLE_LIST_PATH) });
      void queryClient.invalidateQueries({ queryKey: ['roles', 'names'] });
    }
    return reply.success;
  };

  const disabled = !editing;
  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <Card>
          <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} disabled={disabled}>
            <RoleInformationFields roleId={roleId ?? undefined} />
          </Form>
        </Card>
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
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={tabs}
      onSave={save}
      onReload={reload}
      onDelete={remove}
    />
  );
}
