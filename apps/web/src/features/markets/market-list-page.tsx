import type { MarketRow } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { MARKET_LIST_PATH } from '../../lib/list-paths';
import { useMarketColumns } from './market-columns';
import { MarketCreateModal } from './market-create-modal';
import { MARKET_CSV_PATH } from './markets.api';

/** The market list (spec 2 /sst/markets) with its creation modal. */
export function MarketListPage() {
  const { t } = useTranslation();
  const controller = useListController<MarketRow>({ listName: 'markets', path: MARKET_LIST_PATH });
  const columns = useMarketColumns({ withAgency: true });
  return (
    <ListScreen
      title={t('markets.title')}
      controller={controller}
      columns={columns}
      csvPath={MARKET_CSV_PATH}
      create={{
        entity: 'subcontractor_market',
        label: t('reference.create'),
        modal: (open, onClose) => <MarketCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
