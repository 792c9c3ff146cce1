import type { MarketRow } from '@isf/contract';
import { type ContractRow, contractUpdateSchema } from '@isf/contract';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { useAuth } from '../../lib/auth-store';
import { CONTRACT_LIST_ROUTE } from '../../lib/routes';
import { useMarketColumns } from '../markets';
import { useContractColumns } from './contract-columns';
import { ContractFormFields, type ContractFormValues, contractFormValuesOf, contractPayloadOf } from './contract-form-fields';
import {
  CONTRACT_LIST_PATH,
  contractChildsPath,
  contractMarketsPath,
  contractQueryKey,
  deleteContract,
  ENVELOPE_PARAM,
  fetchContract,
  updateContract,
} from './contracts.api';
import { EnvelopeManager } from './envelope-manager';

function ChildContracts({ contractId }: { contractId: number }) {
  const controller = useListController<ContractRow>({ listName: 'contract-childs', path: contractChildsPath(contractId) });
  return <DataTable controller={controller} columns={useContractColumns()} />;
}

function ContractMarkets({ contractId }: { contractId: number }) {
  const controller = useListController<MarketRow>({ listName: 'contract-markets', path: contractMarketsPath(contractId) });
  return <DataTable controller={controller} columns={useMarketColumns({ withAgency: true })} />;
}

/**
 * The contract detail (spec 2 Contract detail): Information (the form and the child contracts), Envelopes
 * (the envelope manager; an envelopeId in the address opens it) and Contractor agreement (its markets).
 */
export function ContractDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [params] = useSearchParams();
  const screen = useDetailScreen({
    queryKey: contractQueryKey,
    fetch: fetchContract,
    toFormValues: contractFormValuesOf,
    listPaths: [CONTRACT_LIST_PATH],
    schema: contractUpdateSchema,
    payloadOf: (values) => contractPayloadOf(values as ContractFormValues),
    update: updateContract,
    remove: deleteContract,
    reloadAfterSave: true,
  });
  const { routeId: contractId } = screen;
  const contract = screen.record;

  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <>
          <DetailForm form={screen.form} labelSpan={8} fullWidth>
            <ContractFormFields />
          </DetailForm>
          {contractId !== null ? (
            <Card title={t('contracts.childs')} style={{ marginTop: 16 }}>
              <ChildContracts contractId={contractId} />
            </Card>
          ) : null}
        </>
      ),
    },
    {
      key: 'envelopes',
      label: t('contracts.tab.envelopes'),
      children: contractId !== null ? <EnvelopeManager contractId={contractId} /> : null,
    },
    ...(can('subcontractor_market', 'read') && contractId !== null
      ? [{ key: 'markets', label: t('contracts.tab.markets'), children: <ContractMarkets contractId={contractId} /> }]
      : []),
  ];

  return (
    <DetailPage
      title={contract ? t('contracts.detailTitle', { number: contract.contractNumber }) : t('contracts.one')}
      entity="contract"
      listRoute={CONTRACT_LIST_ROUTE}
      {...screen.page}
      tabs={tabs}
      defaultTab={params.get(ENVELOPE_PARAM) ? 'envelopes' : undefined}
    />
  );
}
