import type { DepositRow } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useDepositColumns } from './deposit-columns';
import { DEPOSIT_CSV_PATH, DEPOSIT_LIST_PATH } from './deposits.api';
import { useDepositRowEdit } from './use-deposit-row-edit';

/**
 * The deposits list (spec 2 /sst/deposits): filters by project, market and reference in the filter
 * row, the remaining amount, totals, CSV, newest first; the inline edit of a row and its usage map.
 * Deposits are added from the order and market blocks, which know whose deposit it is.
 */
export function DepositListPage() {
  const { t } = useTranslation();
  const edit = useDepositRowEdit();
  const controller = useListController<DepositRow>({
    listName: 'deposits',
    path: DEPOSIT_LIST_PATH,
    defaultSort: { column: 'id', direction: 'desc' },
    summary: true,
  });
  const columns = useDepositColumns({ edit, withMarket: true, usageButton: true });
  return (
    <section>
      <PageHeader title={t('deposits.title')} />
      <Form form={edit.form} component={false}>
        <DataTable controller={controller} columns={columns} csvPath={DEPOSIT_CSV_PATH} />
      </Form>
    </section>
  );
}
