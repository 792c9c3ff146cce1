import { RightOutlined } from '@ant-design/icons';
import type { DashboardNode } from '@isf/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../lib/i18n';

/** The workflow process table (spec 1 §2 home): workflow, node, quantity, link to the node; nodes holding items only. */
export function ProcessTable({ nodes, loading }: { nodes: readonly DashboardNode[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DashboardNode> = [
    {
      key: 'workflow',
      title: t('home.process.workflow'),
      render: (_value, node) => <Link to={`/wf/${node.workflowId}`}>{node.workflowName}</Link>,
    },
    { key: 'node', dataIndex: 'nodeName', title: t('home.process.node') },
    {
      key: 'count',
      title: t('home.process.quantity'),
      align: 'right',
      width: 110,
      // past the lists' cap the server stops counting: "plus de 10 000"
      render: (_value, node) => (node.countCapped ? t('home.process.moreThan', { count: formatCount(node.count) }) : node.count),
    },
    {
      key: 'link',
      title: '',
      width: 120,
      render: (_value, node) => (
        <Link to={`/node/${node.nodeId}`} aria-label={t('home.process.open', { node: node.nodeName })}>
          {t('home.process.show')} <RightOutlined />
        </Link>
      ),
    },
  ];
  return (
    <Card title={t('home.process.title')} className="isf-home-card">
      <Table<DashboardNode>
        size="small"
        rowKey="nodeId"
        aria-label={t('home.process.title')}
        columns={columns}
        dataSource={nodes.filter((node) => node.count > 0)}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.process.empty')} /> }}
      />
    </Card>
  );
}
