import { PlusOutlined } from '@ant-design/icons';
import type { MarketRow } from '@isf/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { MARKET_LIST_PATH } from '../../lib/list-paths';
import { useMarketColumns } from './market-columns';
import { MarketCreateModal } from './market-create-modal';
import { MARKET_CSV_PATH } from './markets.api';

/** The market list (spec 2 /sst/markets) with its creation modal. */
export function MarketListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreate = can('subcontractor_market', 'create');
  const controller = useListController<MarketRow>({ listName: 'markets', path: MARKET_LIST_PATH });
  const columns = useMarketColumns({ withAgency: true });
  return (
    <section>
      <PageHeader
        title={t('markets.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('reference.create')}
            </Button>
          ) : null
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={MARKET_CSV_PATH} />
      {canCreate ? <MarketCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
