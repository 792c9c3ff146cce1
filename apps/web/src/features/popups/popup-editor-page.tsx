import { EyeOutlined } from '@ant-design/icons';
import { popupCreateSchema, popupUpdateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { fieldErrorsOf, parseInFrench, showFieldErrors } from '../../components/form/schema-rules';
import { setEditing, useEditMode } from '../../lib/edit-mode';
import { POPUPS_ROUTE } from '../../lib/routes';
import { EMPTY_POPUP, PopupContentFields, type PopupFormValues, popupFormValuesOf } from './popup-content-fields';
import { PopupDialog } from './popup-dialog';
import { PopupInformationTab } from './popup-information-tab';
import { PopupUsersTab } from './popup-users-tab';
import { createPopup, deletePopup, fetchPopup, POPUP_LIST_PATH, popupQueryKey, updatePopup } from './popups.api';

/**
 * The popup editor (spec 3 Popup editor): tabs Content, Users and Information (the last two for an existing
 * popup), actions Preview, Save, Edit, Cancel, Delete. A new popup opens in edit mode; saving it creates
 * it and opens it, cancelling goes back to the list.
 */
export function PopupEditorPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = useEditMode();
  const routeId = useRouteId();
  const id = creating ? 0 : (routeId ?? 0);
  const detail = useDetailForm({
    queryKey: popupQueryKey(id),
    fetch: () => fetchPopup(id),
    enabled: id > 0,
    toFormValues: popupFormValuesOf,
  });
  const { form, reload } = detail;
  const popup = detail.record;
  const [preview, setPreview] = useState<PopupFormValues | null>(null);

  useEffect(() => {
    if (creating) {
      // after DetailPage's own reset (children's effects run first): a new popup is typed in edit mode
      form.setFieldsValue(EMPTY_POPUP);
      setEditing(true);
    }
  }, [creating, form]);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: listQueryKey(POPUP_LIST_PATH) });

  const save = async () => {
    const values = form.getFieldsValue(true) as PopupFormValues;
    const parsed = creating
      ? parseInFrench(popupCreateSchema, values)
      : parseInFrench(popupUpdateSchema, { ...values, version: popup?.version });
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      return false;
    }
    if (creating) {
      const reply = await createPopup(parsed.data);
      if (reply.success) {
        void refreshList();
        setEditing(false);
        void navigate(`${POPUPS_ROUTE}/${reply.id}`, { replace: true });
      }
      return reply.success;
    }
    const reply = await updatePopup(id, parsed.data);
    if (reply.success && reply.record) {
      detail.replace(reply.record);
      void refreshList();
    }
    return reply.success;
  };

  const cancel = async () => {
    if (creating) {
      void navigate(POPUPS_ROUTE);
      return;
    }
    await reload();
  };

  const remove = async () => {
    const reply = await deletePopup(id);
    if (reply.success) {
      void refreshList();
    }
    return reply.success;
  };

  const contentTab = {
    key: 'content',
    label: t('popups.tab.content'),
    children: (
      <Card>
        <Form form={form} layout="vertical" disabled={!editing} style={{ maxWidth: 900 }}>
          <PopupContentFields />
        </Form>
      </Card>
    ),
  };
  const tabs = creating
    ? [contentTab]
    : [
        contentTab,
        { key: 'users', label: t('popups.tab.users'), children: <PopupUsersTab popupId={id} /> },
        { key: 'information', label: t('popups.tab.information'), children: <PopupInformationTab popupId={id} /> },
      ];

  let title = t('popups.one');
  if (creating) {
    title = t('popups.newTitle');
  } else if (popup) {
    title = t('popups.detailTitle', { title: popup.title });
  }

  return (
    <>
      <DetailPage
        title={title}
        entity="popup"
        listRoute={POPUPS_ROUTE}
        loading={detail.loading}
        notFound={!creating && detail.missing}
        form={form}
        tabs={tabs}
        onSave={save}
        onReload={cancel}
        onDelete={creating ? undefined : remove}
        extra={
          <Button icon={<EyeOutlined />} onClick={() => setPreview(form.getFieldsValue(true) as PopupFormValues)}>
            {t('popups.preview')}
          </Button>
        }
      />
      <PopupDialog popup={preview} onClose={() => setPreview(null)} />
    </>
  );
}
