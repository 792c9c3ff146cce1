import { SearchOutlined } from '@ant-design/icons';
import { RIGHT_ACTIONS, type RightAction } from '@isf/contract';
import { Checkbox, Input, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnState, type RoleRights, setRightOnAll, toggleRight } from './role-rights';

type RoleObjectsMatrixProps = {
  /** The entity codes, one row each. */
  entities: readonly string[];
  value: RoleRights;
  onChange: (next: RoleRights) => void;
  disabled: boolean;
};

type MatrixRow = { entity: string };

/**
 * The Objects tab of a role (spec 3 Role detail): one row per entity, a create / read / update /
 * delete checkbox on each, a select-all per column acting on the rows the name filter keeps.
 */
export function RoleObjectsMatrix({ entities, value, onChange, disabled }: RoleObjectsMatrixProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const rows = useMemo<MatrixRow[]>(() => {
    const needle = filter.trim().toLowerCase();
    return entities.filter((entity) => entity.toLowerCase().includes(needle)).map((entity) => ({ entity }));
  }, [entities, filter]);
  const shown = useMemo(() => rows.map((row) => row.entity), [rows]);

  const actionColumn = (action: RightAction): TableColumnsType<MatrixRow>[number] => {
    const state = columnState(value, action, shown);
    const label = t(`roles.right.${action}`);
    return {
      key: action,
      align: 'center',
      width: 130,
      title: (
        <Checkbox
          checked={state.checked}
          indeterminate={state.indeterminate}
          disabled={disabled || shown.length === 0}
          aria-label={t('roles.objects.selectAll', { action: label })}
          onChange={(event) => onChange(setRightOnAll(value, action, shown, event.target.checked))}
        >
          {label}
        </Checkbox>
      ),
      render: (_value: unknown, row: MatrixRow) => (
        <Checkbox
          checked={value[action].includes(row.entity)}
          disabled={disabled}
          aria-label={`${label} ${row.entity}`}
          onChange={(event) => onChange(toggleRight(value, action, row.entity, event.target.checked))}
        />
      ),
    };
  };

  const columns: TableColumnsType<MatrixRow> = [
    { key: 'entity', dataIndex: 'entity', title: t('roles.objects.entity') },
    ...RIGHT_ACTIONS.map(actionColumn),
  ];

  return (
    <div>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('roles.objects.filter')}
        aria-label={t('roles.objects.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<MatrixRow> size="small" bordered rowKey="entity" columns={columns} dataSource={rows} pagination={false} />
    </div>
  );
}
