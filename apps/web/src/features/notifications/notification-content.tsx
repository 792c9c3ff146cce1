import type { NotificationRow } from '@isf/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { formatServerTime } from '../../lib/server-time';
import { notificationView } from './notification-views';
// the notifications' styles, the shell's bell panel included: wherever a notification shows, they come with it
import './notifications.css';

export type NotificationContentProps = {
  row: NotificationRow;
  /** Shown as unread (bold, with a dot) until the user reads it. */
  unread: boolean;
  /** The bell's short form: no error list, no context of the fallback. */
  compact?: boolean;
};

/** The fallback of a notification no template renders (spec 1 Notifications screen): the text and the context. */
function FallbackContent({ row, compact }: Pick<NotificationContentProps, 'row' | 'compact'>) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text strong>{t('notifications.fallback')}</Typography.Text>
      {compact ? null : (
        <pre className="isf-notification-context">{JSON.stringify({ template: row.template, ...row.context }, null, 2)}</pre>
      )}
    </>
  );
}

/** One notification rendered by the template of its type, with when and by whom it was sent. */
export function NotificationContent({ row, unread, compact = false }: NotificationContentProps) {
  const { t } = useTranslation();
  const view = notificationView(row, t);
  return (
    <div className={unread ? 'isf-notification isf-notification-unread' : 'isf-notification'}>
      <div className="isf-notification-heading">
        {unread ? <span className="isf-notification-dot" role="img" aria-label={t('notifications.unread')} /> : null}
        {view ? <Typography.Text strong={unread}>{view.title}</Typography.Text> : <FallbackContent row={row} compact={compact} />}
        {view?.link ? (
          <EntityLink entity={view.link.entity} to={view.link.to}>
            {view.link.label}
          </EntityLink>
        ) : null}
      </div>
      {view?.message ? (
        <Typography.Paragraph className="isf-notification-message" ellipsis={compact ? { rows: 2 } : false}>
          {view.message}
        </Typography.Paragraph>
      ) : null}
      {!compact && view?.errors && view.errors.length > 0 ? (
        <ul className="isf-notification-errors">
          {view.errors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a notification never changes, errors may repeat
            <li key={index}>{error}</li>
          ))}
        </ul>
      ) : null}
      <Typography.Text type="secondary" className="isf-notification-meta">
        {formatServerTime(row.createdAt)}
        {row.creatorId !== null ? (
          <>
            {' · '}
            <EntityLink entity="user" to={`/user/${row.creatorId}`}>
              {t('notifications.by', { name: row.creatorName ?? row.creatorId })}
            </EntityLink>
          </>
        ) : null}
      </Typography.Text>
    </div>
  );
}
