import { DownloadOutlined } from '@ant-design/icons';
import type { OrderLineInput } from '@isf/contract';
import { Alert, Button, Card, Flex, Space, type TableProps, Typography } from 'antd';
import type { JSX } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterCell, FilterRowProvider, HeaderWithFilters } from '../../../components/data-table/filter-row';
import { DisplayAllSwitch, PrestationLinesTable } from '../../../components/prestations/prestation-lines-table';
import { formatMoney } from '../../../lib/i18n';
import { formatQuantity } from '../../../lib/quantity-format';
import { orderPrestationColumns } from './order-prestation-columns';
import { ORDER_PRESTATION_COLUMNS, type OrderPrestationColumn, type OrderPrestationRow } from './order-prestation-lines';
import { exportOrderPrestations } from './order-prestations.api';
import { useOrderPrestations } from './use-order-prestations';
import '../../../components/data-table/data-table.css';
import './order-prestations-tab.css';

export type OrderPrestationsTabProps = {
  orderId: number;
  editing: boolean; // the detail page's edit mode
  savedTemplateId: number | null; // order template as saved
  templateId: number | null; // template currently chosen in the edit form
  onLinesChange: (lines: OrderLineInput[]) => void; // lines to send in prestationOSs on save
  reloadKey?: number; // bumped by the page after save/import to refetch
};

const headerComponents = { header: { wrapper: HeaderWithFilters } };
const FILTER_CELLS_START: FilterCell[] = [{ key: 'index', filterable: false }];

/**
 * The Prestations tab of a service order (spec 2 "Service order detail", §5, §9). Read mode lists the
 * ordered lines; edit mode lists the BPU's prestations (narrowed to the chosen order template unless
 * "display all" is on) with a quantity field, and reports the lines to save through `onLinesChange`.
 *
 * A BPU may hold a few thousand prestations: the table pages them (50 / 100 / 200 as every prestation
 * table) rather than virtualising, so at most 200 quantity inputs are mounted whatever the BPU, and the
 * filter row and the totals row stay ordinary table rows.
 */
export function OrderPrestationsTab(props: OrderPrestationsTabProps): JSX.Element {
  const { orderId, editing } = props;
  const { t } = useTranslation();
  const controller = useOrderPrestations({ ...props, reloadKey: props.reloadKey ?? 0 });
  const { rows, totals, sort, setSort, setQuantity } = controller;

  const columns = useMemo(() => orderPrestationColumns({ t, editing, sort, setQuantity }), [t, editing, sort, setQuantity]);
  const filterCells = useMemo<FilterCell[]>(
    () => [
      ...FILTER_CELLS_START,
      ...ORDER_PRESTATION_COLUMNS.map((column) => ({ key: column, title: t(`orderPrestations.${column}`), filterable: true })),
    ],
    [t],
  );

  const onChange: TableProps<OrderPrestationRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') {
      return;
    }
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = single?.columnKey as OrderPrestationColumn | undefined;
    setSort(single?.order && column ? { column, direction: single.order === 'descend' ? 'desc' : 'asc' } : null);
  };

  const table = (
    <PrestationLinesTable<OrderPrestationRow>
      columns={columns}
      rows={rows}
      loading={controller.loading}
      empty={t('orderPrestations.empty')}
      totals={{
        label: t('orderPrestations.footer'),
        labelSpan: 8,
        cells: [
          <span key="quantity" data-testid="order-prestations-total-quantity">
            {formatQuantity(totals.quantity)}
          </span>,
          <span key="amount" data-testid="order-prestations-total-amount">
            {formatMoney(totals.amount)}
          </span>,
        ],
      }}
      components={editing ? headerComponents : undefined}
      onChange={onChange}
    />
  );

  return (
    <Card
      title={t('orderPrestations.title')}
      extra={
        <Space size={16}>
          {editing && controller.hasTemplate ? (
            <DisplayAllSwitch
              checked={controller.displayAll}
              onChange={controller.setDisplayAll}
              label={t('orderPrestations.displayAll')}
            />
          ) : null}
          <Button icon={<DownloadOutlined />} onClick={() => exportOrderPrestations(orderId, controller.sortQuery)}>
            {t('orderPrestations.export')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12} className="isf-data-table isf-order-prestations">
        {controller.templateChanged ? <Alert type="warning" showIcon title={t('orderPrestations.templateChanged')} /> : null}
        {controller.templateUnreadable ? <Alert type="info" showIcon title={t('orderPrestations.templateUnreadable')} /> : null}
        {editing && controller.hasTemplate && !controller.displayAll ? (
          <Typography.Text type="secondary">{t('orderPrestations.templateHint')}</Typography.Text>
        ) : null}
        {editing ? (
          <FilterRowProvider
            value={{
              cells: filterCells,
              values: controller.filters,
              onType: controller.setFilter,
              onClear: (column) => controller.setFilter(column, ''),
            }}
          >
            {table}
          </FilterRowProvider>
        ) : (
          table
        )}
      </Flex>
    </Card>
  );
}
