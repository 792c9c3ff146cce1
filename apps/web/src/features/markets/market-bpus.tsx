import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { useMarketBpus } from '../../components/pickers/market-reads';

/** The BPUs of a market (`GET /market/{id}/bpus`), with links to them. */
export function MarketBpus({ marketId }: { marketId: number }) {
  const { t } = useTranslation();
  const bpus = useMarketBpus(marketId);
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      loading={bpus.isLoading}
      dataSource={bpus.data ?? []}
      locale={{ emptyText: t('markets.noBpu') }}
      columns={[
        {
          key: 'name',
          title: t('markets.bpu'),
          render: (_value, row) => (
            <EntityLink entity="bpu_sst" to={`/sst/bpu/${row.id}`}>
              {row.name}
            </EntityLink>
          ),
        },
        { key: 'template', title: t('markets.bpuTemplate'), dataIndex: 'bpuTemplateName' },
        { key: 'locked', title: '', render: (_value, row) => (row.locked ? <Tag>{t('markets.bpuLocked')}</Tag> : null) },
      ]}
    />
  );
}
