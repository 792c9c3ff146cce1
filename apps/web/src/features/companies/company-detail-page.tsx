import { companyUpdateSchema } from '@isf/contract';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { DocumentManager } from '../../components/document-manager/document-manager';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
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
  const companyId = useRouteId();
  const id = companyId ?? 0;
  const editing = useEditMode();
  const detail = useDetailForm({
    queryKey: companyQueryKey(id),
    fetch: () => fetchCompany(id),
    enabled: companyId !== null,
    toFormValues: formValuesOf,
  });
  const { form, reload } = detail;
  const company = detail.record;

  const actions = useDetailActions({
    detail,
    queryKey: companyQueryKey(id),
    listPaths: [COMPANY_LIST_PATH],
    schema: companyUpdateSchema,
    update: (payload) => updateCompany(id, payload),
    remove: () => deleteCompany(id),
  });

  const tabs: DetailTab[] = [
    {
      key: 'information',
      label: t('subcontractors.tabInformation'),
      children: (
        <Card>
          <Form
            name="company-detail"
            form={form}
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 14 }}
            disabled={!editing}
            style={{ maxWidth: 900 }}
          >
            <CompanyFormFields />
          </Form>
        </Card>
      ),
    },
  ];
  if (company && can('agency', 'read')) {
    tabs.push({ key: 'agencies', label: t('subcontractors.tabAgencies'), children: <CompanyAgenciesTab company={company} /> });
  }
  if (company && can('document', 'read')) {
    tabs.push({
      key: 'documents',
      label: t('subcontractors.tabDocuments'),
      children: <DocumentManager entity="company" entityId={id} canDelete={can('company', 'update')} />,
    });
  }

  return (
    <DetailPage
      title={company ? t('companies.detailTitle', { name: company.name }) : t('companies.one')}
      entity="company"
      listRoute="/sst/companies"
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={tabs}
      onSave={actions.save}
      onReload={reload}
      onDelete={actions.remove}
    />
  );
}
