import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import type { ListSort } from '../../components/data-table/table-change';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { BUDGET_PATHS, type BudgetScreen, budgetCsvPath } from './budgets.api';

type BudgetListPageProps<Row> = {
  screen: BudgetScreen;
  title: string;
  columns: DataColumn<Row>[];
  defaultSort?: ListSort;
  /** The screen's own criteria (OD dates), sent with every page and the download. */
  extraQuery?: Record<string, string>;
  filters?: ReactNode;
  rowClassName?: (row: Row) => string;
};

/** One budget screen: its criteria, the list with its totals row, and its download (spec 2 budget screens). */
export function BudgetListPage<Row extends { id: number }>(props: BudgetListPageProps<Row>) {
  const controller = useListController<Row>({
    listName: `budget-${props.screen}`,
    path: BUDGET_PATHS[props.screen],
    summary: true,
    defaultSort: props.defaultSort,
    extraQuery: props.extraQuery,
  });
  return (
    <section>
      <PageHeader title={props.title} />
      {props.filters}
      <DataTable
        controller={controller}
        columns={props.columns}
        csvPath={budgetCsvPath(props.screen)}
        rowClassName={props.rowClassName}
      />
    </section>
  );
}
