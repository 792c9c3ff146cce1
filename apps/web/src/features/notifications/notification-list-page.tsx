import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { NOTIFICATION_AUTO_READ_MS, NOTIFICATION_PAGE_SIZE, type NotificationRow } from '@isf/contract';
import { Button, Empty, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControllerPagination } from '../../components/data-table/list-pagination';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { NotificationContent } from './notification-content';
import { NOTIFICATION_LIST_PATH, useMarkNotification } from './notifications.api';

const NO_PAGE_SIZE_OPTIONS: readonly number[] = [];

/**
 * Marks notifications read once each, and remembers which ones the server marked, so the list shows them
 * read without reloading.
 */
function useReadMarks() {
  const mark = useMarkNotification();
  const requested = useRef(new Set<number>());
  const [read, setRead] = useState<ReadonlySet<number>>(() => new Set());
  const markRead = useCallback(
    (ids: readonly number[]) => {
      for (const id of ids.filter((candidate) => !requested.current.has(candidate))) {
        requested.current.add(id);
        void mark(id, 'read').then((reply) => {
          if (reply) {
            setRead((previous) => new Set(previous).add(id));
          } else {
            // a failure was logged; the next load tries again
            requested.current.delete(id);
          }
        });
      }
    },
    [mark],
  );
  return { read, markRead };
}

/**
 * The notification screen (spec 1 Notifications screen): 20 a page, newest first, each rendered by the
 * template of its type. Unread ones become read when clicked, or 2 s after the page loads.
 */
export function NotificationListPage() {
  const { t } = useTranslation();
  const controller = useListController<NotificationRow>({
    listName: 'notifications',
    path: NOTIFICATION_LIST_PATH,
    defaultSort: { column: 'id', direction: 'desc' },
    defaultPageSize: NOTIFICATION_PAGE_SIZE,
    pageSizeOptions: NO_PAGE_SIZE_OPTIONS,
  });
  const { rows, isFetching, isLoading, isError } = controller;
  const { read, markRead } = useReadMarks();
  const isUnread = (row: NotificationRow) => row.readedAt === null && !read.has(row.id);

  useEffect(() => {
    if (isFetching) {
      return;
    }
    const unread = rows.filter((row) => row.readedAt === null).map((row) => row.id);
    if (unread.length === 0) {
      return;
    }
    const timer = setTimeout(() => markRead(unread), NOTIFICATION_AUTO_READ_MS);
    return () => clearTimeout(timer);
  }, [rows, isFetching, markRead]);

  let body: ReactNode;
  if (isError) {
    body = (
      <Typography.Text type="danger">
        <WarningOutlined /> {t('table.fetchingError')}
      </Typography.Text>
    );
  } else if (rows.length === 0) {
    body = isLoading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.none')} />;
  } else {
    body = (
      <ul className="isf-notification-list" aria-label={t('notifications.title')}>
        {rows.map((row) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: reading also happens by itself after 2 s; the links inside stay reachable
          <li
            key={row.id}
            className={isUnread(row) ? 'isf-notification-row-unread' : undefined}
            onClick={isUnread(row) ? () => markRead([row.id]) : undefined}
          >
            <NotificationContent row={row} unread={isUnread(row)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageHeader
        title={t('notifications.title')}
        extra={
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={controller.refetch}>
            {t('notifications.refresh')}
          </Button>
        }
      />
      <Spin spinning={isFetching}>{body}</Spin>
      <ControllerPagination controller={controller} />
    </section>
  );
}
