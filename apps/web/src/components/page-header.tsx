import { ArrowLeftOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type PageHeaderProps = {
  title: ReactNode;
  /** Route of the list this screen belongs to, shown as a back arrow. */
  backTo?: string;
  extra?: ReactNode;
};

export function PageHeader({ title, backTo, extra }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
        marginBottom: 16,
        flexWrap: 'wrap',
      }}
    >
      <Space size={8} align="center">
        {backTo ? (
          <Link to={backTo} aria-label={t('detail.backToList')} title={t('detail.backToList')} style={{ fontSize: 18 }}>
            <ArrowLeftOutlined />
          </Link>
        ) : null}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Space>
      {extra ? <Space size={8}>{extra}</Space> : null}
    </div>
  );
}
