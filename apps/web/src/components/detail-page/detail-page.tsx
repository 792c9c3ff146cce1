import { DeleteOutlined, EditOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { EntityCode } from '@isf/contract';
import { Button, type FormInstance, Result, Spin, Tabs, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { setEditing, useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { serverFieldErrors, showFieldErrors } from '../form/schema-rules';
import { PageHeader } from '../page-header';

export type DetailTab = { key: string; label: ReactNode; children: ReactNode };

export type DetailPageProps = {
  title: ReactNode;
  entity: EntityCode;
  /** Where Delete goes back to, and the header's back arrow. */
  listRoute: string;
  loading?: boolean;
  notFound?: boolean;
  /** The text shown when the record cannot be loaded (a generic one by default). */
  notFoundText?: ReactNode;
  /** Validated before saving; receives the field errors of a 400 reply. */
  form?: FormInstance;
  tabs?: DetailTab[];
  /** The tab shown first (the first tab otherwise), e.g. from a query parameter. */
  defaultTab?: string;
  children?: ReactNode;
  /** Sends the changes; true when the reply carried success. Without it there is no Edit button. */
  onSave?: () => Promise<boolean>;
  /** Reloads the record and puts its values back into the form (Cancel, stale version). */
  onReload: () => Promise<void>;
  /** Deletes the record; true when the reply carried success. Without it there is no Delete button. */
  onDelete?: () => Promise<boolean>;
  /** Screen-specific buttons, shown before Edit / Delete. */
  extra?: ReactNode;
  /** The Edit button's text when the screen edits in another mode (e.g. a locked order's follow-up). */
  editLabel?: ReactNode;
  /** The Delete confirmation when the spec names the record ("cette commande"). */
  deleteConfirm?: string;
  /** Shown between the header and the tabs (e.g. the report of a refused import). */
  banner?: ReactNode;
};

function isFormValidationError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errorFields' in error;
}

/**
 * The scaffold of every detail screen with the global edit mode of spec 1 §2: Edit turns it on, a
 * successful Save or Cancel turns it off (Cancel reloads), tab changes in edit mode ask first, Delete
 * asks then goes back to the list.
 */
export function DetailPage(props: DetailPageProps) {
  const { title, entity, listRoute, loading, notFound, notFoundText, form, tabs, children, onSave, onReload, onDelete, extra } =
    props;
  const { editLabel, deleteConfirm, banner } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAuth();
  const editing = useEditMode();
  const [saving, setSaving] = useState(false);
  const [activeTab, setActiveTab] = useState(props.defaultTab ?? tabs?.[0]?.key);

  useEffect(() => {
    setEditing(false);
    return () => setEditing(false);
  }, []);

  const canEdit = onSave !== undefined && can(entity, 'update') && !loading && !notFound;
  const canDelete = onDelete !== undefined && can(entity, 'delete') && !loading && !notFound;

  const save = async () => {
    if (!onSave) {
      return;
    }
    setSaving(true);
    try {
      await form?.validateFields();
      if (await onSave()) {
        setEditing(false);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The global handler already said the record changed: show the current data.
        setEditing(false);
        await onReload();
      } else if (error instanceof ApiError) {
        if (form) {
          showFieldErrors(form, serverFieldErrors(error));
        }
      } else if (!isFormValidationError(error)) {
        console.error(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const cancel = async () => {
    setEditing(false);
    await onReload();
  };

  const remove = async () => {
    if (!onDelete || !(await getFeedback().confirm({ content: deleteConfirm ?? t('confirm.delete') }))) {
      return;
    }
    try {
      if (await onDelete()) {
        setEditing(false);
        void navigate(listRoute);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // The global handling stays silent on business refusals (spec 1 §8): say why here.
        getFeedback().warning(error.body?.error ?? t('error.inUse'));
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
  };

  const changeTab = async (key: string) => {
    if (editing && !(await getFeedback().confirm({ content: t('confirm.tabChange') }))) {
      return;
    }
    setActiveTab(key);
  };

  const buttons = editing ? (
    <>
      <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
        {t('detail.save')}
      </Button>
      <Button icon={<UndoOutlined />} disabled={saving} onClick={() => void cancel()}>
        {t('detail.cancel')}
      </Button>
    </>
  ) : (
    <>
      {canEdit ? (
        <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {editLabel ?? t('detail.edit')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button danger icon={<DeleteOutlined />} onClick={() => void remove()}>
          {t('detail.delete')}
        </Button>
      ) : null}
    </>
  );

  const heading = (
    <>
      {title}
      {editing ? (
        <Tag color="orange" style={{ marginInlineStart: 12, verticalAlign: 'middle' }}>
          {t('detail.editing')}
        </Tag>
      ) : null}
    </>
  );

  let body: ReactNode;
  if (notFound) {
    body = <Result status="404" subTitle={notFoundText ?? t('error.notFound')} />;
  } else if (tabs) {
    body = <Tabs activeKey={activeTab} items={tabs} onChange={(key) => void changeTab(key)} />;
  } else {
    body = children;
  }

  return (
    <section className="isf-detail-page">
      <PageHeader
        title={heading}
        backTo={listRoute}
        extra={
          <>
            {extra}
            {buttons}
          </>
        }
      />
      {banner}
      <Spin spinning={Boolean(loading)}>{body}</Spin>
    </section>
  );
}
