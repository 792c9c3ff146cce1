import { companyUpdateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { useAuth } from '../../lib/auth-store';
import {
  COMPANY_LIST_PATH,
  type CompanyRecord,
  companyQueryKey,
  deleteCompany,
  fetchCompany,
  updateCompany,
} from './companies.api';
import { CompanyAgenciesTab } from './company-agencies-tab';
import { CompanyFormFields, type CompanyFormValues } from './company-form-fields';

function formValuesOf(company: CompanyRecord): CompanyFormValues {
  return {
    edifice: company.edifice,
    name: company.name,
    siren: company.siren ?? '',
    manager: company.manager ?? '',
    mail: company.mail ?? '',
  };
}

/** The company detail (spec 3 Company detail): tabs Information, Agencies and Documents. */
export function CompanyDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const screen = useDetailScreen({
    queryKey: companyQueryKey,
    fetch: fetchCompany,
    toFormValues: formValuesOf,
    listPaths: [COMPANY_LIST_PATH],
    schema: companyUpdateSchema,
    update: updateCompany,
    remove: deleteCompany,
  });
  const { id } = screen;
  const company = screen.record;

  const tabs: DetailTab[] = [
    {
      key: 'information',
      label: t('subcontractors.tabInformation'),
      children: (
        <DetailForm name="company-detail" form={screen.form}>
          <CompanyFormFields />
        </DetailForm>
      ),
    },
  ];
  if (company && can('agency', 'read')) {
    tabs.push({ key: 'agencies', label: t('subcontractors.tabAgencies'), children: <CompanyAgenciesTab company={company} /> });
  }
  if (company) {
    tabs.push(...documentsTabs({ entity: 'company', id, label: t('subcontractors.tabDocuments'), can }));
  }

  return (
    <DetailPage
      title={company ? t('companies.detailTitle', { name: company.name }) : t('companies.one')}
      entity="company"
      listRoute="/sst/companies"
      {...screen.page}
      tabs={tabs}
    />
  );
}
