import { ReloadOutlined } from '@ant-design/icons';
import type { AgencyLegalReply } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportApiError } from '../../lib/api-client';
import { type AgencyRecord, agencyLegalQueryKey, fetchAgencyLegal } from './agencies.api';
import { AgencyStatusLabel, DocumentsCompletedLabel } from './agency-status';
import { LegalCategoryTable } from './legal-category-table';

/** What a reading of the folder refreshed on the agency. */
export type LegalSnapshot = Pick<AgencyRecord, 'status' | 'documentsCompleted' | 'legalOnboarded' | 'legalCheckedAt'>;

type FollowedFolder = Extract<AgencyLegalReply, { synchronize: true }>;

async function loadFolder(agencyId: number): Promise<AgencyLegalReply> {
  try {
    return await fetchAgencyLegal(agencyId);
  } catch (error) {
    // a failing platform (502) is shown in the tab; anything else follows the usual handling
    if (error instanceof ApiError && error.status !== 502) {
      reportApiError(error);
    }
    throw error;
  }
}

function FolderSummary({
  folder,
  onRefresh,
  refreshing,
}: {
  folder: FollowedFolder;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Flex justify="space-between" align="start" gap={16}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
          <Descriptions.Item label={t('agencies.status')}>
            <AgencyStatusLabel status={folder.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('agencies.documents')}>
            <DocumentsCompletedLabel completed={folder.documentsCompleted} />
          </Descriptions.Item>
          <Descriptions.Item label={t('legalFolder.platform')}>
            {folder.onboarded ? t('legalFolder.onboarded') : t('legalFolder.notOnboardedShort')}
          </Descriptions.Item>
          <Descriptions.Item label={t('legalFolder.checkedAt')}>
            {dayjs(folder.checkedAt).format('DD/MM/YYYY HH:mm')}
          </Descriptions.Item>
        </Descriptions>
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          {t('legalFolder.refresh')}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * The Administrative documents tab (spec 3 Agency detail): the legal folder the e-attestation platform
 * holds for the agency's SIRET, by category. Reading it refreshes the agency's status and completeness,
 * which the detail shows at once through `onRefreshed`.
 */
export function AgencyLegalTab({
  agency,
  onRefreshed,
}: {
  agency: AgencyRecord;
  onRefreshed: (snapshot: LegalSnapshot) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...agencyLegalQueryKey(agency.id), agency.siret, agency.synchronize],
    queryFn: () => loadFolder(agency.id),
    staleTime: 0,
  });
  const onRefreshedRef = useRef(onRefreshed);
  onRefreshedRef.current = onRefreshed;

  useEffect(() => {
    const read = query.data;
    if (read?.synchronize) {
      const { status, documentsCompleted, onboarded, checkedAt } = read;
      onRefreshedRef.current({ status, documentsCompleted, legalOnboarded: onboarded, legalCheckedAt: checkedAt });
    }
  }, [query.data]);

  if (query.isPending) {
    return <Spin />;
  }
  if (query.isError) {
    const body = query.error instanceof ApiError ? query.error.body : null;
    return (
      <Alert
        type="error"
        showIcon
        title={body?.error ?? t('legalFolder.readFailed')}
        description={body?.detail}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('legalFolder.retry')}
          </Button>
        }
      />
    );
  }
  const folder = query.data;
  if (!folder.synchronize) {
    return <Alert type="info" showIcon title={folder.message} />;
  }
  return (
    <Flex vertical gap={16}>
      <FolderSummary folder={folder} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />
      {folder.onboarded ? null : (
        <Alert
          type="warning"
          showIcon
          title={folder.invited ? t('legalFolder.invited') : t('legalFolder.notOnboarded')}
          description={
            agency.invitationSentTo && agency.invitationSentAt
              ? t('legalFolder.invitationSent', {
                  mail: agency.invitationSentTo,
                  date: dayjs(agency.invitationSentAt).format('DD/MM/YYYY'),
                })
              : undefined
          }
        />
      )}
      {folder.categories.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('legalFolder.noDocuments')} />
      ) : (
        folder.categories.map((category) => <LegalCategoryTable key={category.code} category={category} />)
      )}
    </Flex>
  );
}
