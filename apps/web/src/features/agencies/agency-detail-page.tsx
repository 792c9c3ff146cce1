import { agencyUpdateSchema, EVALUATION_ENTITY_LIST } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import type { SaveReply } from '../../components/detail-page/use-detail-actions';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { useAuth } from '../../lib/auth-store';
import { AgencyEvaluationsPanel } from '../evaluations';
import { AgencyMarketsTab } from '../markets';
import { AGENCY_LIST_PATH, type AgencyRecord, agencyQueryKey, deleteAgency, fetchAgency, updateAgency } from './agencies.api';
import type { AgencyFormValues } from './agency-form-fields';
import { AgencyInformationTab } from './agency-information-tab';
import { AgencyLegalTab, type LegalSnapshot } from './agency-legal-tab';
import { AgencyUsersTab } from './agency-users-tab';
import { useSiretLookup } from './use-siret-lookup';

function formValuesOf(agency: AgencyRecord): AgencyFormValues {
  return {
    siret: agency.siret,
    name: agency.name,
    address: agency.address ?? '',
    edifice: agency.edifice ?? '',
    manager: agency.manager ?? '',
    phone: agency.phone ?? '',
    mail: agency.mail ?? '',
    synchronize: agency.synchronize,
    inviteMail: agency.inviteMail ?? '',
  };
}

/**
 * The agency detail (spec 3 Agency detail): Information (the SIRET lookup runs only in edit mode),
 * Users, Administrative documents (the legal folder, whose reading refreshes the status icons shown
 * without touching the form), Contractor agreement (the agency's markets) and Documents.
 */
export function AgencyDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const screen = useDetailScreen({
    queryKey: agencyQueryKey,
    fetch: fetchAgency,
    toFormValues: formValuesOf,
    onShow: (record) =>
      lookup.reset({
        status: 'stored',
        siret: record.siret,
        inThirdParty: record.inThirdParty,
        onboarded: record.legalOnboarded,
      }),
    listPaths: [AGENCY_LIST_PATH],
    schema: agencyUpdateSchema,
    // the saved copy comes without the company, which an agency keeps
    update: async (id, payload): Promise<SaveReply<AgencyRecord>> => {
      const { success, record } = await updateAgency(id, payload);
      return { success, record: record ? { ...record, company: agency?.company ?? null } : undefined };
    },
    remove: deleteAgency,
  });
  const { id, editing, form } = screen;
  const agency = screen.record;
  const lookup = useSiretLookup((found) => form.setFieldsValue({ name: found.name, address: found.address }));
  const resetLookup = lookup.reset;
  // the legal folder's last reading, for the record it was read on (a new record brings its own values)
  const [legal, setLegal] = useState<{ base: AgencyRecord; snapshot: LegalSnapshot } | null>(null);
  const shown = agency && legal?.base === agency ? { ...agency, ...legal.snapshot } : agency;

  const legalRefreshed = (snapshot: LegalSnapshot) => {
    if (!agency) {
      return;
    }
    setLegal({ base: agency, snapshot });
    if (agency.status !== snapshot.status || agency.documentsCompleted !== snapshot.documentsCompleted) {
      void queryClient.invalidateQueries({ queryKey: listQueryKey(AGENCY_LIST_PATH) });
    }
    if (lookup.lookup.status === 'stored' && lookup.lookup.siret === agency.siret) {
      resetLookup({ ...lookup.lookup, onboarded: snapshot.legalOnboarded });
    }
  };

  const tabs: DetailTab[] = [
    {
      key: 'information',
      label: t('subcontractors.tabInformation'),
      children: <AgencyInformationTab agency={shown} form={form} lookup={lookup} editing={editing} />,
    },
  ];
  if (agency && can('user_agency', 'read')) {
    tabs.push({ key: 'users', label: t('subcontractors.tabUsers'), children: <AgencyUsersTab agencyId={id} /> });
  }
  if (agency && can('subcontractor_market', 'read')) {
    tabs.push({ key: 'markets', label: t('markets.contractorAgreement'), children: <AgencyMarketsTab agencyId={id} /> });
  }
  if (agency) {
    tabs.push({
      key: 'legal',
      label: t('legalFolder.tab'),
      children: <AgencyLegalTab agency={agency} onRefreshed={legalRefreshed} />,
    });
  }
  // spec 3: the evaluation panel shows with any evaluation read right
  if (agency && EVALUATION_ENTITY_LIST.some((entity) => can(entity, 'read'))) {
    tabs.push({ key: 'evaluations', label: t('evaluations.tab'), children: <AgencyEvaluationsPanel agencyId={id} /> });
  }
  if (agency) {
    tabs.push(...documentsTabs({ entity: 'agency', id, label: t('subcontractors.tabDocuments'), can }));
  }

  return (
    <DetailPage
      title={agency ? t('agencies.detailTitle', { name: agency.name }) : t('agencies.one')}
      entity="agency"
      listRoute="/sst/agencies"
      {...screen.page}
      tabs={tabs}
    />
  );
}
