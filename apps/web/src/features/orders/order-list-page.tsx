import type { OrderRow, WorkflowFilter } from '@isf/contract';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ListFrame } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { useAuth } from '../../lib/auth-store';
import { ORDER_LIST_PATH } from '../../lib/list-paths';
import { useWorkItemFilter, WorkItemFilter } from '../workflow';
import { useOrderColumns } from './order-columns';
import { OrderCreateModal } from './order-create-modal';
import { ORDER_CSV_PATH, ORDER_WORKFLOW_CODE } from './orders.api';

function OrderTable({ filter, toolbar }: { filter: WorkflowFilter; toolbar: ReactNode }) {
  const { profile } = useAuth();
  const controller = useListController<OrderRow>({
    listName: 'orders',
    path: ORDER_LIST_PATH,
    summary: true,
    extraQuery: { filter },
  });
  const columns = useOrderColumns({ ftth: profile?.ftth ?? false, withMarket: true });
  return <DataTable controller={controller} columns={columns} csvPath={ORDER_CSV_PATH} toolbar={toolbar} />;
}

/**
 * The service order list (spec 2 /sst/orders): the All / My scope / My tasks filter when the user has
 * pending actions (My tasks first), the FTTH columns for an FTTH profile, the totals row, the CSV export
 * and the creation modal, which opens the new order.
 */
export function OrderListPage() {
  const { t } = useTranslation();
  const workItems = useWorkItemFilter();
  return (
    <ListFrame
      title={t('orderList.title')}
      create={{
        entity: 'order',
        label: t('reference.create'),
        modal: (open, onClose) => <OrderCreateModal open={open} onClose={onClose} />,
      }}
    >
      {workItems.ready ? (
        <OrderTable filter={workItems.filter} toolbar={<WorkItemFilter state={workItems} workflowCode={ORDER_WORKFLOW_CODE} />} />
      ) : (
        <Skeleton active />
      )}
    </ListFrame>
  );
}
