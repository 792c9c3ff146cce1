import { Card, Descriptions, Flex, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { EntityLink } from '../../components/entity-link';
import type { AgencyRecord } from './agencies.api';
import { AgencyFormFields, type AgencyFormValues } from './agency-form-fields';
import { AgencyStatusLabel, DocumentsCompletedLabel } from './agency-status';
import type { SiretLookupController } from './use-siret-lookup';

type AgencyInformationTabProps = {
  agency: AgencyRecord | undefined;
  form: FormInstance<AgencyFormValues>;
  lookup: SiretLookupController;
  editing: boolean;
};

/** The agency's company, status, documents and registry state, then its editable fields. */
export function AgencyInformationTab({ agency, form, lookup, editing }: AgencyInformationTabProps) {
  const { t } = useTranslation();
  return (
    // Flex, not Space: Space keys its items by index, and the summary arriving would remount the form.
    <Flex vertical gap={16}>
      {agency ? (
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
            <Descriptions.Item label={t('agencies.company')}>
              {agency.company ? (
                <EntityLink entity="company" to={`/sst/company/${agency.company.id}`}>
                  {agency.company.name}
                </EntityLink>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('agencies.status')}>
              <AgencyStatusLabel status={agency.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('agencies.documents')}>
              <DocumentsCompletedLabel completed={agency.documentsCompleted} />
            </Descriptions.Item>
            <Descriptions.Item label={t('agencies.inThirdParty')}>
              {agency.inThirdParty ? t('agencies.inThirdPartyYes') : t('agencies.inThirdPartyNo')}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <DetailForm name="agency-detail" form={form}>
        <AgencyFormFields lookup={lookup} readOnly={!editing} />
      </DetailForm>
    </Flex>
  );
}
