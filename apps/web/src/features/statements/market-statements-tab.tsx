import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { useStatementColumns } from './statement-columns';
import { marketStatementsPath, type StatementListRow } from './statements.api';

/** The market's Situations tab (spec 2 Market detail): its monthly statements, newest first, each to its screen. */
export function MarketStatementsTab({ marketId }: { marketId: number }) {
  const controller = useListController<StatementListRow>({
    listName: `market-situations-${marketId}`,
    path: marketStatementsPath(marketId),
    summary: true,
    defaultSort: { column: 'id', direction: 'desc' },
  });
  const columns = useStatementColumns({ withMarket: false });
  return <DataTable controller={controller} columns={columns} />;
}
