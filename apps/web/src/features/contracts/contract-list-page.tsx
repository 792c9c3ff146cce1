import type { ContractRow } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { useContractColumns } from './contract-columns';
import { ContractCreateModal } from './contract-create-modal';
import { CONTRACT_CSV_PATH, CONTRACT_LIST_PATH } from './contracts.api';

/** The contract list (spec 2 /sst/contracts) with its creation modal. */
export function ContractListPage() {
  const { t } = useTranslation();
  const controller = useListController<ContractRow>({ listName: 'contracts', path: CONTRACT_LIST_PATH });
  const columns = useContractColumns();
  return (
    <ListScreen
      title={t('contracts.title')}
      controller={controller}
      columns={columns}
      csvPath={CONTRACT_CSV_PATH}
      create={{
        entity: 'contract',
        label: t('reference.create'),
        modal: (open, onClose) => <ContractCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
