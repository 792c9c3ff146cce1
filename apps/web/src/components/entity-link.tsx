import { LockOutlined } from '@ant-design/icons';
import type { EntityCode } from '@isf/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth-store';
import { getFeedback } from '../lib/feedback';

export type EntityLinkProps = {
  entity: EntityCode;
  /** The entity's detail route, e.g. `/unit/3`. */
  to: string;
  children: ReactNode;
};

/**
 * A link to an entity's detail screen. Without the read right on the entity it is a grey restricted
 * button that only warns (spec 1 §6): the route guard would refuse the navigation anyway.
 */
export function EntityLink({ entity, to, children }: EntityLinkProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  if (can(entity, 'read')) {
    return <Link to={to}>{children}</Link>;
  }
  return (
    <Button
      type="text"
      size="small"
      className="isf-restricted-link"
      icon={<LockOutlined />}
      style={{ color: 'rgba(0, 0, 0, 0.45)', paddingInline: 4 }}
      title={t('rights.noReadAccess')}
      onClick={(event) => {
        event.stopPropagation();
        getFeedback().warning(t('rights.noReadAccess'));
      }}
    >
      {children}
    </Button>
  );
}
