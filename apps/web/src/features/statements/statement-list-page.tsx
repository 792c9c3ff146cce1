import { CheckOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { useStatementColumns } from './statement-columns';
import { StatementCreateModal } from './statement-create-modal';
import { StatementGenerateModal } from './statement-generate-modal';
import { markStatementPaid, STATEMENT_CSV_PATH, STATEMENT_LIST_PATH, type StatementListRow } from './statements.api';

/**
 * The monthly statement list (spec 2 /sst/situations): newest first, links to market, company, agency,
 * project and statement, the amounts totalled, the CSV export, the generation per project and the
 * creation modal (create right; creation opens the new statement), and Mark paid on the selected rows
 * (update right): one call per row, then the list is read again and the refusals are reported per row.
 */
export function StatementListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [paying, setPaying] = useState(false);
  const controller = useListController<StatementListRow>({
    listName: 'situations',
    path: STATEMENT_LIST_PATH,
    summary: true,
    defaultSort: { column: 'id', direction: 'desc' },
  });
  const columns = useStatementColumns({ withMarket: true });
  const canCreate = can('monthly_statement', 'create');
  const canUpdate = can('monthly_statement', 'update');
  const selected = controller.selectedKeys.map(Number);

  const markPaid = async () => {
    const confirmed = await getFeedback().confirm({ content: t('statements.bulkPaidConfirm', { count: selected.length }) });
    if (!confirmed) {
      return;
    }
    setPaying(true);
    const failures: string[] = [];
    let done = 0;
    for (const id of selected) {
      try {
        await markStatementPaid(id, { silent: true });
        done += 1;
      } catch (error) {
        const reason = error instanceof ApiError ? (error.body?.error ?? error.message) : String(error);
        failures.push(t('statements.bulkPaidFailed', { id, error: reason }));
      }
    }
    setPaying(false);
    controller.setSelectedKeys([]);
    controller.refetch();
    if (done > 0) {
      getFeedback().success(t('statements.bulkPaidDone', { count: done }));
    }
    for (const failure of failures) {
      getFeedback().warning(failure);
    }
  };

  return (
    <section>
      <PageHeader
        title={t('statements.title')}
        extra={
          canCreate ? (
            <Space>
              <Button icon={<ThunderboltOutlined />} onClick={() => setGenerating(true)}>
                {t('statements.generate')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('reference.create')}
              </Button>
            </Space>
          ) : null
        }
      />
      <DataTable
        controller={controller}
        columns={columns}
        csvPath={STATEMENT_CSV_PATH}
        toolbar={
          canUpdate && selected.length > 0 ? (
            <Button icon={<CheckOutlined />} loading={paying} onClick={() => void markPaid()}>
              {t('statements.bulkPaid')}
            </Button>
          ) : null
        }
      />
      {canCreate ? <StatementCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
      {canCreate && generating ? <StatementGenerateModal onClose={() => setGenerating(false)} /> : null}
    </section>
  );
}
