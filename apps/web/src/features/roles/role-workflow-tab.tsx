import type { WorkflowNodeEntry, WorkflowTransitionEntry } from '@isf/contract';
import { Card, Checkbox, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** What the Workflow tab edits: the nodes a role sees and the transitions it may fire. */
export type RoleWorkflowRights = { nodes: number[]; transitions: number[] };

type WorkflowGroup = {
  id: number;
  name: string;
  nodes: WorkflowNodeEntry[];
  transitions: WorkflowTransitionEntry[];
};

/** Groups the catalogue by workflow, in the catalogue's order. */
export function groupByWorkflow(
  nodes: readonly WorkflowNodeEntry[],
  transitions: readonly WorkflowTransitionEntry[],
): WorkflowGroup[] {
  const groups = new Map<number, WorkflowGroup>();
  for (const node of nodes) {
    const group = groups.get(node.workflowId) ?? { id: node.workflowId, name: node.workflowName, nodes: [], transitions: [] };
    group.nodes.push(node);
    groups.set(node.workflowId, group);
  }
  for (const transition of transitions) {
    groups.get(transition.workflowId)?.transitions.push(transition);
  }
  return [...groups.values()];
}

/** Adds or removes ids from a list, keeping the others. */
export function toggleIds(list: readonly number[], ids: readonly number[], granted: boolean): number[] {
  const targets = new Set(ids);
  const kept = list.filter((id) => !targets.has(id));
  return granted ? [...kept, ...ids] : kept;
}

const CODE_STYLE = { marginInlineStart: 8 };

type CheckListProps = {
  /** Names every checkbox for assistive technologies (and tests): the workflow, then the item. */
  group: string;
  title: string;
  selectAllLabel: string;
  items: { id: number; label: string; extra?: ReactNode }[];
  chosen: ReadonlySet<number>;
  disabled: boolean;
  onToggle: (ids: number[], granted: boolean) => void;
};

function CheckList({ group, title, selectAllLabel, items, chosen, disabled, onToggle }: CheckListProps) {
  const count = items.filter((item) => chosen.has(item.id)).length;
  const ids = items.map((item) => item.id);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space size={8}>
        <Typography.Text strong>{title}</Typography.Text>
        <Checkbox
          aria-label={selectAllLabel}
          checked={count > 0 && count === items.length}
          indeterminate={count > 0 && count < items.length}
          disabled={disabled || items.length === 0}
          onChange={(event) => onToggle(ids, event.target.checked)}
        />
      </Space>
      {items.map((item) => (
        <Checkbox
          key={item.id}
          aria-label={`${group} : ${item.label}`}
          checked={chosen.has(item.id)}
          disabled={disabled}
          onChange={(event) => onToggle([item.id], event.target.checked)}
        >
          {item.label}
          {item.extra}
        </Checkbox>
      ))}
    </Space>
  );
}

type RoleWorkflowTabProps = {
  nodes: readonly WorkflowNodeEntry[];
  transitions: readonly WorkflowTransitionEntry[];
  value: RoleWorkflowRights;
  onChange: (next: RoleWorkflowRights) => void;
  disabled: boolean;
};

/** The Workflow tab of a role (spec 3 Role detail): visible nodes and allowed transitions, per workflow. */
export function RoleWorkflowTab({ nodes, transitions, value, onChange, disabled }: RoleWorkflowTabProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupByWorkflow(nodes, transitions), [nodes, transitions]);
  const nodeNames = useMemo(() => new Map(nodes.map((node) => [node.id, node.name])), [nodes]);
  const chosenNodes = new Set(value.nodes);
  const chosenTransitions = new Set(value.transitions);

  if (groups.length === 0) {
    return <Empty description={t('roles.workflow.empty')} />;
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {groups.map((group) => (
        <Card key={group.id} title={group.name} size="small">
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <CheckList
                group={group.name}
                title={t('roles.workflow.nodes')}
                selectAllLabel={t('roles.workflow.allNodes', { workflow: group.name })}
                items={group.nodes.map((node) => ({
                  id: node.id,
                  label: node.name,
                  extra: <Tag style={CODE_STYLE}>{node.nodeCode}</Tag>,
                }))}
                chosen={chosenNodes}
                disabled={disabled}
                onToggle={(ids, granted) => onChange({ ...value, nodes: toggleIds(value.nodes, ids, granted) })}
              />
            </Col>
            <Col xs={24} md={16}>
              <CheckList
                group={group.name}
                title={t('roles.workflow.transitions')}
                selectAllLabel={t('roles.workflow.allTransitions', { workflow: group.name })}
                items={group.transitions.map((transition) => ({
                  id: transition.id,
                  label: t('roles.workflow.transitionLabel', {
                    name: transition.name,
                    from: nodeNames.get(transition.fromNode) ?? '?',
                    to: nodeNames.get(transition.toNode) ?? '?',
                  }),
                  extra: (
                    <>
                      <Tag style={CODE_STYLE} color={transition.transitionType === 2 ? 'red' : undefined}>
                        {transition.transitionCode}
                      </Tag>
                      {transition.hidden ? <Tag>{t('roles.workflow.hidden')}</Tag> : null}
                    </>
                  ),
                }))}
                chosen={chosenTransitions}
                disabled={disabled}
                onToggle={(ids, granted) => onChange({ ...value, transitions: toggleIds(value.transitions, ids, granted) })}
              />
            </Col>
          </Row>
        </Card>
      ))}
    </Space>
  );
}
