import { PlusOutlined } from '@ant-design/icons';
import type { PopupRow } from '@isf/contract';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { POPUPS_ROUTE } from '../../lib/routes';
import { PopupActiveTag, PopupDate } from './popup-cells';
import { POPUP_CSV_PATH, POPUP_LIST_PATH } from './popups.api';

/** The popup list (spec 3 /popups-management), newest first; Create opens the editor on a new popup. */
export function PopupListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const controller = useListController<PopupRow>({
    listName: 'popups',
    path: POPUP_LIST_PATH,
    defaultSort: { column: 'id', direction: 'desc' },
  });

  const columns = useMemo<DataColumn<PopupRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'title',
        title: t('popups.fields.title'),
        render: (row) => (
          <EntityLink entity="popup" to={`${POPUPS_ROUTE}/${row.id}`}>
            {row.title}
          </EntityLink>
        ),
      },
      {
        key: 'active',
        title: t('popups.fields.active'),
        width: 110,
        nullFilter: false,
        render: (row) => <PopupActiveTag active={row.active} />,
      },
      { key: 'usersCount', title: t('popups.usersCount'), width: 170, align: 'right', nullFilter: false },
      { key: 'closedCount', title: t('popups.closedCount'), width: 120, align: 'right', nullFilter: false },
      { key: 'createdAt', title: t('popups.createdAt'), nullFilter: false, render: (row) => <PopupDate value={row.createdAt} /> },
      { key: 'updatedAt', title: t('popups.updatedAt'), nullFilter: false, render: (row) => <PopupDate value={row.updatedAt} /> },
    ],
    [t],
  );

  return (
    <section>
      <PageHeader
        title={t('popups.title')}
        extra={
          can('popup', 'create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${POPUPS_ROUTE}/new`)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={POPUP_CSV_PATH} />
    </section>
  );
}
