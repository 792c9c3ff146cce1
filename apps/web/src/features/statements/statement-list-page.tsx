import { CheckOutlined, DownloadOutlined, RollbackOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { MONTHLY_STATEMENT_REVERT_OPTION } from '@isf/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ListFrame } from '../../components/data-table/list-screen';
import { csvFormFields } from '../../components/data-table/table-change';
import { useListController } from '../../components/data-table/use-list-controller';
import { ApiError, downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { useStatementColumns } from './statement-columns';
import { StatementCreateModal } from './statement-create-modal';
import { StatementGenerateModal } from './statement-generate-modal';
import {
  markStatementPaid,
  STATEMENT_CLIENT_BDC_CSV_PATH,
  STATEMENT_CSV_PATH,
  STATEMENT_LIST_PATH,
  type StatementListRow,
  unpayStatement,
} from './statements.api';

/**
 * The monthly statement list (spec 2 /sst/situations): newest first, links to market, company, agency,
 * project and statement, the amounts totalled, the CSV exports (the list, and per client BDC), the generation per project and the
 * creation modal (create right; creation opens the new statement), and Mark paid on the selected rows
 * (update right), Cancel payment on them (option DANGEROUSLY_REVERT): one call per row, then the list is
 * read again and the refusals are reported per row.
 */
export function StatementListPage() {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const [generating, setGenerating] = useState(false);
  const [running, setRunning] = useState(false);
  const controller = useListController<StatementListRow>({
    listName: 'situations',
    path: STATEMENT_LIST_PATH,
    summary: true,
    defaultSort: { column: 'id', direction: 'desc' },
  });
  const columns = useStatementColumns({ withMarket: true });
  const canCreate = can('monthly_statement', 'create');
  const canUpdate = can('monthly_statement', 'update');
  const canRevert = hasOption(MONTHLY_STATEMENT_REVERT_OPTION);
  const selected = controller.selectedKeys.map(Number);

  /**
   * A bulk action on the selected rows (spec 2 §7 "Bulk paid/unpaid"): after its confirmation, one silent
   * call per row, then the list is read again, the rows done counted and each refusal reported.
   */
  const runOnSelection = async (action: {
    confirm: string;
    call: (id: number) => Promise<unknown>;
    done: (count: number) => string;
    failed: (id: number, error: string) => string;
  }) => {
    const confirmed = await getFeedback().confirm({ content: action.confirm });
    if (!confirmed) {
      return;
    }
    setRunning(true);
    const failures: string[] = [];
    let done = 0;
    for (const id of selected) {
      try {
        await action.call(id);
        done += 1;
      } catch (error) {
        const reason = error instanceof ApiError ? (error.body?.error ?? error.message) : String(error);
        failures.push(action.failed(id, reason));
      }
    }
    setRunning(false);
    controller.setSelectedKeys([]);
    controller.refetch();
    if (done > 0) {
      getFeedback().success(action.done(done));
    }
    for (const failure of failures) {
      getFeedback().warning(failure);
    }
  };

  /** The CSV per client BDC, of the list as it stands (its filters, sort and selection), as the list's own CSV. */
  const downloadByClientBdc = () =>
    downloadByFormPost(STATEMENT_CLIENT_BDC_CSV_PATH, csvFormFields(controller.state, controller.selectedKeys));

  const markPaid = () =>
    runOnSelection({
      confirm: t('statements.bulkPaidConfirm', { count: selected.length }),
      call: (id) => markStatementPaid(id, { silent: true }),
      done: (count) => t('statements.bulkPaidDone', { count }),
      failed: (id, error) => t('statements.bulkPaidFailed', { id, error }),
    });

  const unpay = () =>
    runOnSelection({
      confirm: t('statements.bulkUnpayConfirm', { count: selected.length }),
      call: (id) => unpayStatement(id, { silent: true }),
      done: (count) => t('statements.bulkUnpayDone', { count }),
      failed: (id, error) => t('statements.bulkUnpayFailed', { id, error }),
    });

  return (
    <ListFrame
      title={t('statements.title')}
      extra={
        canCreate ? (
          <Button icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)}>
            {t('statements.generate')}
          </Button>
        ) : null
      }
      create={{
        entity: 'monthly_statement',
        label: t('reference.create'),
        modal: (open, onClose) => <StatementCreateModal open={open} onClose={onClose} />,
      }}
    >
      <DataTable
        controller={controller}
        columns={columns}
        csvPath={STATEMENT_CSV_PATH}
        toolbar={
          <Space>
            <Button icon={<DownloadOutlined />} onClick={downloadByClientBdc}>
              {t('statements.csvClientBdc')}
            </Button>
            {selected.length > 0 && canUpdate ? (
              <Button icon={<CheckOutlined />} loading={running} onClick={() => void markPaid()}>
                {t('statements.bulkPaid')}
              </Button>
            ) : null}
            {selected.length > 0 && canRevert ? (
              <Button danger icon={<RollbackOutlined />} loading={running} onClick={() => void unpay()}>
                {t('statements.bulkUnpay')}
              </Button>
            ) : null}
          </Space>
        }
      />
      {canCreate && generating ? <StatementGenerateModal onClose={() => setGenerating(false)} /> : null}
    </ListFrame>
  );
}
