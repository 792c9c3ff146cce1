import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkflowPanel } from './workflow-panel';
import type { WorkItemRef } from './workflow-panel.api';

export type WorkflowColumnProps = WorkItemRef & {
  /** The post-action of a move (reload the record). */
  onMoved: () => void;
  /** The record's card: its fields, read or edited. */
  children: ReactNode;
};

/** A work item's Information tab: its card, and beside it (below on a narrow screen) its workflow panel. */
export function WorkflowColumn({ entity, entityId, onMoved, children }: WorkflowColumnProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card>{children}</Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('orderDetail.workflow')}>
          <WorkflowPanel entity={entity} entityId={entityId} onMoved={onMoved} />
        </Card>
      </Col>
    </Row>
  );
}
