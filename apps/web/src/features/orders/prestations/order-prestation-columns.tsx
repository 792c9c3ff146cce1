import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { QuantityInput } from '../../../components/prestations/quantity-input';
import { formatMoney } from '../../../lib/i18n';
import { formatQuantity } from '../../../lib/quantity-format';
import type { ColumnSort, OrderPrestationColumn, OrderPrestationRow } from './order-prestation-lines';

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
            quantity={row.quantity}
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
