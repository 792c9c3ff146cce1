import type { DashboardNode } from '@isf/contract';
import { Badge, Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { formatCount } from '../../lib/i18n';
import { tasksByWorkflow } from './dashboard.api';
import {
  useAttachmentsToValidate,
  useAttachmentToValidateColumns,
  useMarketsToValidate,
  useMarketToValidateColumns,
  useOrdersToValidate,
  useOrderToValidateColumns,
} from './to-validate-lists';
import { ToValidateSection } from './to-validate-section';

function OrdersToValidate() {
  const { t } = useTranslation();
  return (
    <ToValidateSection
      title={t('home.toValidate.orders')}
      controller={useOrdersToValidate()}
      columns={useOrderToValidateColumns()}
      hideWhenEmpty
    />
  );
}

function MarketsToValidate() {
  const { t } = useTranslation();
  return (
    <ToValidateSection
      title={t('home.toValidate.markets')}
      controller={useMarketsToValidate()}
      columns={useMarketToValidateColumns()}
      hideWhenEmpty
    />
  );
}

function AttachmentsToValidate() {
  const { t } = useTranslation();
  return (
    <ToValidateSection
      title={t('home.toValidate.attachments')}
      controller={useAttachmentsToValidate()}
      columns={useAttachmentToValidateColumns()}
      hideWhenEmpty
    />
  );
}

/**
 * My tasks (spec 1 §2 home): per workflow, the nodes where the user has items to move, each a link to them;
 * then (`withItems`) the orders, markets and attachments to validate themselves, for the kinds the user reads.
 */
export function MyTasksCard({ nodes, withItems = true }: { nodes: readonly DashboardNode[]; withItems?: boolean }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const groups = tasksByWorkflow(nodes);
  return (
    <Card title={t('home.tasks.title')} className="isf-home-card" role="region" aria-label={t('home.tasks.title')}>
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.tasks.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.workflowId} xs={24} md={12} xl={8}>
              <Card size="small" type="inner" title={group.workflowName} extra={<Badge count={group.total} />}>
                <ul className="isf-home-task-list">
                  {group.nodes.map((node) => (
                    <li key={node.nodeId}>
                      <Link to={`/node/${node.nodeId}?filter=haveToDo`}>{node.nodeName}</Link>
                      <Typography.Text type="secondary">
                        {' '}
                        {node.haveToDoCapped
                          ? t('home.tasks.moreThan', { count: formatCount(node.haveToDo) })
                          : t('home.tasks.count', { count: node.haveToDo })}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {withItems && can('order', 'read') ? <OrdersToValidate /> : null}
      {withItems && can('subcontractor_market', 'read') ? <MarketsToValidate /> : null}
      {withItems && can('attachement', 'read') ? <AttachmentsToValidate /> : null}
    </Card>
  );
}
