import { EyeOutlined } from '@ant-design/icons';
import { popupCreateSchema, popupUpdateSchema } from '@isf/contract';
import { Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { type DetailScreenCreation, useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { POPUPS_ROUTE } from '../../lib/routes';
import { EMPTY_POPUP, PopupContentFields, type PopupFormValues, popupFormValuesOf } from './popup-content-fields';
import { PopupDialog } from './popup-dialog';
import { PopupInformationTab } from './popup-information-tab';
import { PopupUsersTab } from './popup-users-tab';
import { createPopup, deletePopup, fetchPopup, POPUP_LIST_PATH, popupQueryKey, updatePopup } from './popups.api';

const POPUP_CREATION: DetailScreenCreation<PopupFormValues, unknown> = {
  values: EMPTY_POPUP,
  schema: popupCreateSchema,
  create: createPopup,
  listRoute: POPUPS_ROUTE,
};

/**
 * The popup editor (spec 3 Popup editor): tabs Content, Users and Information (the last two for an existing
 * popup), actions Preview, Save, Edit, Cancel, Delete. A new popup opens in edit mode; saving it creates
 * it and opens it, cancelling goes back to the list.
 */
export function PopupEditorPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation();
  const {
    id,
    editing,
    form,
    record: popup,
    page,
  } = useDetailScreen({
    queryKey: popupQueryKey,
    fetch: fetchPopup,
    toFormValues: popupFormValuesOf,
    listPaths: [POPUP_LIST_PATH],
    schema: popupUpdateSchema,
    update: updatePopup,
    remove: deletePopup,
    create: creating ? POPUP_CREATION : undefined,
  });
  const [preview, setPreview] = useState<PopupFormValues | null>(null);

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
        tabs={tabs}
        {...page}
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
