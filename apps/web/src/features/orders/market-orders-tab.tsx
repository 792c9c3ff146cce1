import type { OrderRow } from '@isf/contract';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { useAuth } from '../../lib/auth-store';
import { ORDER_LIST_PATH } from '../../lib/list-paths';
import { useOrderColumns } from './order-columns';
import { ORDER_CSV_PATH } from './orders.api';

/** The market's Orders tab (spec 2 Market detail): the order list narrowed to the market, without its column. */
export function MarketOrdersTab({ marketId }: { marketId: number }) {
  const { profile } = useAuth();
  const controller = useListController<OrderRow>({
    listName: `market-orders-${marketId}`,
    path: ORDER_LIST_PATH,
    summary: true,
    fixedFilters: { marketId: String(marketId) },
  });
  const columns = useOrderColumns({ ftth: profile?.ftth ?? false, withMarket: false });
  return <DataTable controller={controller} columns={columns} csvPath={ORDER_CSV_PATH} />;
}
