import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import { NOTIFICATION_HOVER_READ_MS, NOTIFICATION_POLL_MS, type NotificationRow } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  fetchLatestNotifications,
  latestNotificationsKey,
  NotificationContent,
  useDelayedActions,
  useMarkNotification,
} from '../../features/notifications';
import { useAuth } from '../../lib/auth-store';
import { NOTIFICATIONS_ROUTE } from '../../lib/routes';

/**
 * The notification bell of the shell (spec 1 §2): the unread count, polled every 30 s, and a menu of the
 * latest notifications; one becomes read when the pointer rests on it for 100 ms. Shown to profiles
 * that may read their notifications (the polling would otherwise be refused, which ends the session).
 */
export function NotificationBell() {
  const { profile, can } = useAuth();
  if (!profile || !can('notification', 'read')) {
    return null;
  }
  // one bell per profile: a profile switch starts from the new profile's notifications
  return <ProfileBell key={profile.id} profileId={profile.id} />;
}

function BellItem({
  row,
  onHover,
  onLeave,
  onClose,
}: {
  row: NotificationRow;
  onHover: () => void;
  onLeave: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const unread = row.readedAt === null;
  return (
    <li className={unread ? 'isf-notification-row-unread' : undefined} onMouseEnter={onHover} onMouseLeave={onLeave}>
      <NotificationContent row={row} unread={unread} compact />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('notifications.close')}
        title={t('notifications.close')}
        onClick={onClose}
      />
    </li>
  );
}

function ProfileBell({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: latestNotificationsKey(profileId),
    queryFn: ({ signal }) => fetchLatestNotifications(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: 0,
    retry: false,
  });
  const mark = useMarkNotification();
  const hoverTimers = useDelayedActions(NOTIFICATION_HOVER_READ_MS);
  const unread = query.data?.unread ?? 0;
  const rows = query.data?.notifications ?? [];

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      void query.refetch();
    }
  };

  // following a link of the menu leaves it
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) {
      setOpen(false);
    }
  };

  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: the links inside are the interactive elements
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the interactive elements
    <div className="isf-bell-panel" onClick={closeOnLink}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.none')} />
      ) : (
        <ul className="isf-bell-list" aria-label={t('notifications.title')}>
          {rows.map((row) => (
            <BellItem
              key={row.id}
              row={row}
              onHover={() => {
                if (row.readedAt === null) {
                  hoverTimers.start(row.id, () => void mark(row.id, 'read'));
                }
              }}
              onLeave={() => hoverTimers.cancel(row.id)}
              onClose={() => {
                hoverTimers.cancel(row.id);
                void mark(row.id, 'close');
              }}
            />
          ))}
        </ul>
      )}
      <div className="isf-bell-footer">
        <Link to={NOTIFICATIONS_ROUTE}>{t('notifications.seeAll')}</Link>
      </div>
    </div>
  );

  const label =
    unread > 0 ? `${t('notifications.bell')} : ${t('notifications.bell.unread', { count: unread })}` : t('notifications.bell');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={open}
      onOpenChange={openChange}
      title={t('notifications.title')}
      content={content}
    >
      <Button type="text" aria-label={label} title={label} className="isf-bell-button">
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
