import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { OrderTemplateTree } from '@isf/contract';
import { Button, Card, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupKeys, prestationIdsOf, prestationKey, type TreeRow, treeRows } from './order-template-tree';

type OrderTemplatePrestationsTabProps = {
  tree: OrderTemplateTree;
  /** The selected prestation ids (the order template's prestations). */
  selected: readonly number[];
  editing: boolean;
  onChange: (ids: number[]) => void;
};

/**
 * The Prestations tab of an order template (spec 3 /os/template/{id}): the BPU template's prestations
 * grouped by parent category then subcategory, expandable; in edit mode rows and whole groups are
 * selected, and the selection is saved with the record.
 */
export function OrderTemplatePrestationsTab({ tree, selected, editing, onChange }: OrderTemplatePrestationsTabProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => treeRows(tree), [tree]);
  const allGroups = useMemo(() => groupKeys(rows), [rows]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const chosen = new Set(selected);
  const total = rows.reduce((sum, row) => sum + (row.kind === 'group' ? row.prestationIds.length : 1), 0);

  const columns: TableColumnsType<TreeRow> = [
    {
      key: 'name',
      title: t('orderTemplates.prestation'),
      render: (_value, row) => {
        if (row.kind === 'prestation') {
          return row.description;
        }
        const count = row.prestationIds.filter((id) => chosen.has(id)).length;
        return (
          <Space size={8}>
            <Typography.Text strong>{row.name}</Typography.Text>
            <Tag color={count > 0 ? 'blue' : 'default'}>
              {t('orderTemplates.groupCount', { count, total: row.prestationIds.length })}
            </Tag>
          </Space>
        );
      },
    },
    {
      key: 'code',
      title: t('prestations.code'),
      width: 140,
      render: (_value, row) => (row.kind === 'prestation' ? row.code : null),
    },
    {
      key: 'unitName',
      title: t('prestations.unit'),
      width: 160,
      render: (_value, row) => (row.kind === 'prestation' ? row.unitName : null),
    },
    {
      key: 'typeName',
      title: t('prestations.type'),
      width: 160,
      render: (_value, row) => (row.kind === 'prestation' ? row.typeName : null),
    },
  ];

  return (
    <Card
      title={t('orderTemplates.prestations')}
      extra={
        <Space>
          <Button icon={<PlusSquareOutlined />} onClick={() => setExpanded(allGroups)}>
            {t('orderTemplates.expandAll')}
          </Button>
          <Button icon={<MinusSquareOutlined />} onClick={() => setExpanded([])}>
            {t('orderTemplates.collapseAll')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('orderTemplates.selectedCount', { count: selected.length, total })}
        {editing ? ` ${t('orderTemplates.selectHint')}` : ''}
      </Typography.Paragraph>
      <Table<TreeRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        rowSelection={{
          checkStrictly: false,
          selectedRowKeys: selected.map(prestationKey),
          getCheckboxProps: (row) => ({
            disabled: !editing,
            'aria-label': row.kind === 'prestation' ? row.code : row.name,
          }),
          onChange: (keys) => onChange(prestationIdsOf(keys)),
        }}
      />
    </Card>
  );
}
