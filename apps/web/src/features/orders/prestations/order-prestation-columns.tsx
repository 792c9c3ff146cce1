import { ORDER_QUANTITY_STEP, orderQuantitySchema } from '@isf/contract';
import { InputNumber, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatMoney, LOCALE } from '../../../lib/i18n';
import { formatQuantity } from '../../../lib/quantity-format';
import type { ColumnSort, OrderPrestationColumn, OrderPrestationRow } from './order-prestation-lines';

/** What the user types: a comma or a point, never a sign (a quantity is never negative). */
function parseTyped(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u202f+-]/g, '').replace(',', '.');
}

type QuantityInputProps = { row: OrderPrestationRow; label: string; invalid: string; onChange: (value: string) => void };

function QuantityInput({ row, label, invalid, onChange }: QuantityInputProps) {
  const valid = orderQuantitySchema.safeParse(row.quantity).success;
  return (
    <InputNumber<string>
      size="small"
      stringMode
      min="0"
      step={ORDER_QUANTITY_STEP}
      precision={1}
      decimalSeparator={LOCALE === 'fr' ? ',' : '.'}
      parser={parseTyped}
      value={row.quantity}
      status={valid ? undefined : 'error'}
      title={valid ? undefined : invalid}
      aria-label={label}
      style={{ width: 110 }}
      onChange={(value) => onChange(value ?? '0')}
    />
  );
}

type ColumnOptions = {
  t: TFunction;
  editing: boolean;
  sort: ColumnSort | null;
  setQuantity: (prestation: number, quantity: string) => void;
};

/** The columns of the tab: every one sortable (sort kept by the controller), the quantity an input in edit mode. */
export function orderPrestationColumns({ t, editing, sort, setQuantity }: ColumnOptions): TableColumnsType<OrderPrestationRow> {
  const sorted = (column: OrderPrestationColumn) => ({
    key: column,
    dataIndex: column,
    title: t(`orderPrestations.${column}`),
    sorter: true,
    sortOrder: sort?.column === column ? (sort.direction === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  return [
    { key: 'index', dataIndex: 'index', title: t('orderPrestations.index'), width: 56, align: 'right' },
    sorted('category'),
    sorted('subcategory'),
    sorted('reference'),
    sorted('code'),
    sorted('description'),
    sorted('unit'),
    { ...sorted('unitPrice'), align: 'right', render: (value: string) => formatMoney(value) },
    {
      ...sorted('quantity'),
      align: 'right',
      width: 130,
      render: (_value: string, row: OrderPrestationRow) =>
        editing ? (
          <QuantityInput
            row={row}
            label={t('orderPrestations.quantityOf', { code: row.code })}
            invalid={t('orderPrestations.invalidQuantity')}
            onChange={(quantity) => setQuantity(row.prestation, quantity)}
          />
        ) : (
          formatQuantity(row.quantity)
        ),
    },
    { ...sorted('total'), align: 'right', render: (value: string) => formatMoney(value) },
  ];
}
