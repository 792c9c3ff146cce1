import { PlusOutlined } from '@ant-design/icons';
import type { DelegationRecord } from '@isf/contract';
import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { useAllDelegations, useMyDelegations } from './account.api';
import { DelegationCreateModal } from './delegation-create-modal';
import { DelegationTable } from './delegation-table';

function DelegationsSection({
  canDelegate,
  canAdminister,
  userId,
}: {
  canDelegate: boolean;
  canAdminister: boolean;
  userId: number;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const mine = useMyDelegations();
  const all = useAllDelegations(canAdminister);
  const own = (delegation: DelegationRecord) =>
    canAdminister || delegation.delegateFrom.id === userId || delegation.createdBy?.id === userId;
  return (
    <Card
      title={t('account.delegations.title')}
      extra={
        canDelegate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('account.delegations.add')}
          </Button>
        ) : null
      }
    >
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        <DelegationTable
          title={t('account.delegations.given')}
          delegations={mine.data?.given}
          loading={mine.isLoading}
          deletable={(delegation) => canDelegate && own(delegation)}
        />
        <DelegationTable
          title={t('account.delegations.received')}
          delegations={mine.data?.received}
          loading={mine.isLoading}
          deletable={() => false}
        />
        {canAdminister ? (
          <DelegationTable
            title={t('account.delegations.all')}
            delegations={all.data}
            loading={all.isLoading}
            deletable={() => canDelegate}
          />
        ) : null}
      </Space>
      {creating ? <DelegationCreateModal open onClose={() => setCreating(false)} forOthers={canAdminister} /> : null}
    </Card>
  );
}

/** My account (/account-manage): who I am, and my delegations with users.can_delegate / users.can_admin_delegate. */
export function AccountPage() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  if (!profile) {
    return null;
  }
  const canDelegate = profile.role.options.includes('users.can_delegate');
  const canAdminister = profile.role.options.includes('users.can_admin_delegate');
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.name')}>{profile.name}</Descriptions.Item>
            <Descriptions.Item label={t('account.uid')}>{profile.uid}</Descriptions.Item>
            <Descriptions.Item label={t('account.mail')}>{profile.mail ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('account.role')}>{profile.role.name}</Descriptions.Item>
          </Descriptions>
        </Card>
        {canDelegate || canAdminister ? (
          <DelegationsSection canDelegate={canDelegate} canAdminister={canAdminister} userId={profile.id} />
        ) : (
          <Alert type="info" showIcon title={t('account.delegations.notAllowed')} />
        )}
      </Space>
    </>
  );
}
