import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth-store';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useStatementColumns } from './statement-columns';
import { StatementCreateModal } from './statement-create-modal';
import { STATEMENT_LIST_PATH, type StatementListRow } from './statements.api';

/**
 * The monthly statement list (spec 2 /sst/situations): newest first, links to market, company, agency,
 * project and statement, the amounts totalled, and the creation modal (create right), which opens the
 * new statement. Generation, bulk payment and the CSV come later.
 */
export function StatementListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const controller = useListController<StatementListRow>({
    listName: 'situations',
    path: STATEMENT_LIST_PATH,
    summary: true,
    defaultSort: { column: 'id', direction: 'desc' },
  });
  const columns = useStatementColumns({ withMarket: true });
  const canCreate = can('monthly_statement', 'create');
  return (
    <section>
      <PageHeader
        title={t('statements.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} />
      {canCreate ? <StatementCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
