import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PopupDate } from './popup-cells';
import { type PopupNotificationRow, popupNotificationsPath } from './popups.api';

/** The Information tab of a popup (spec 3 Popup editor): per targeted user, when it was read and closed. */
export function PopupInformationTab({ popupId }: { popupId: number }) {
  const { t } = useTranslation();
  const controller = useListController<PopupNotificationRow>({
    listName: 'popup-notifications',
    path: popupNotificationsPath(popupId),
    defaultSort: { column: 'userName', direction: 'asc' },
  });
  const columns = useMemo<DataColumn<PopupNotificationRow>[]>(
    () => [
      {
        key: 'userName',
        title: t('popups.user'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="user" to={`/user/${row.userId}`}>
            {row.userName}
          </EntityLink>
        ),
      },
      { key: 'uid', title: t('users.uid'), nullFilter: false },
      { key: 'roleName', title: t('users.role'), nullFilter: false },
      { key: 'readedAt', title: t('popups.readedAt'), render: (row) => <PopupDate value={row.readedAt} /> },
      { key: 'closedAt', title: t('popups.closedAt'), render: (row) => <PopupDate value={row.closedAt} /> },
    ],
    [t],
  );
  return <DataTable controller={controller} columns={columns} selectable={false} />;
}
