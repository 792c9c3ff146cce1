import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import type { EntityCode, ListFilters } from '@isf/contract';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import type { DataColumn } from '../data-table/data-table';
import type { ListSort } from '../data-table/table-change';
import { EntityLink } from '../entity-link';
import { PickerModal } from './picker-modal';

/** A picked entity: its id and the text shown for it. */
export type PickerValue = { id: number; label: string };

export type PickerProps<Row extends { id: number }> = {
  value?: PickerValue | null;
  onChange?: (value: PickerValue | null) => void;
  /** The picked entity: its read right is needed to browse and open it. */
  entity: EntityCode;
  /** API path of the list to choose from (relative to /api). */
  listPath: string;
  /** Name under which the picker list remembers its filters. */
  listName?: string;
  columns: DataColumn<Row>[];
  toValue: (row: Row) => PickerValue;
  /** Title of the selection modal. */
  title: string;
  required?: boolean;
  disabled?: boolean;
  /** Detail route of the entity (e.g. `/projecttype`), to open the picked one. */
  detailRoute?: string;
  defaultSort?: ListSort;
  /** Column filters always applied to the choices (e.g. validated orders only), neither shown nor cleared. */
  fixedFilters?: Readonly<ListFilters>;
  id?: string;
};

/**
 * A many-to-one field (spec 1 §5): chosen in a modal list of PICKER_PAGE_SIZE rows; a required picker
 * says "select an item" while empty and cannot be cleared.
 */
export function Picker<Row extends { id: number }>(props: PickerProps<Row>) {
  const {
    value,
    onChange,
    entity,
    listPath,
    listName,
    columns,
    toValue,
    title,
    required,
    disabled,
    detailRoute,
    defaultSort,
    fixedFilters,
    id,
  } = props;
  const { t } = useTranslation();
  const { can } = useAuth();
  const [open, setOpen] = useState(false);
  const empty = value === null || value === undefined;

  const choose = () => {
    if (!can(entity, 'read')) {
      getFeedback().warning(t('rights.notAccessToEntity'));
      return;
    }
    setOpen(true);
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%' }}>
      <Space.Compact style={{ flex: 1 }}>
        <Input
          id={id}
          readOnly
          value={value?.label ?? ''}
          placeholder={t('validation.selectItem')}
          status={required && empty && !disabled ? 'error' : undefined}
          disabled={disabled}
          onClick={disabled ? undefined : choose}
        />
        <Button
          icon={<SearchOutlined />}
          aria-label={t('picker.choose')}
          title={t('picker.choose')}
          disabled={disabled}
          onClick={choose}
        />
        {!required && !empty && !disabled ? (
          <Button
            icon={<CloseOutlined />}
            aria-label={t('picker.clear')}
            title={t('picker.clear')}
            onClick={() => onChange?.(null)}
          />
        ) : null}
      </Space.Compact>
      {detailRoute && value ? (
        <EntityLink entity={entity} to={`${detailRoute}/${value.id}`}>
          {t('picker.open')}
        </EntityLink>
      ) : null}
      {open ? (
        <PickerModal<Row>
          title={t('picker.title', { name: title })}
          listName={listName ?? `picker.${listPath}`}
          listPath={listPath}
          columns={columns}
          defaultSort={defaultSort}
          fixedFilters={fixedFilters}
          onCancel={() => setOpen(false)}
          onPick={(row) => {
            setOpen(false);
            onChange?.(toValue(row));
          }}
        />
      ) : null}
    </div>
  );
}
