import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { LegalDocumentState, LegalFolderCategory, LegalFolderDocument } from '@isf/contract';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/i18n';
import { LabelledIcon } from './agency-status';

const STATE_COLORS: Record<LegalDocumentState, string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  missing: 'red',
};

/** Whether the supplier has provided a document: a check or a cross. */
function AvailableIcon({ available }: { available: boolean }) {
  const { t } = useTranslation();
  return available ? (
    <LabelledIcon icon={CheckCircleFilled} tone="success" label={t('legalFolder.availableYes')} />
  ) : (
    <LabelledIcon icon={CloseCircleFilled} tone="error" label={t('legalFolder.availableNo')} />
  );
}

/** One category of the legal folder: its documents with availability, validity and state. */
export function LegalCategoryTable({ category }: { category: LegalFolderCategory }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<LegalFolderDocument> = [
    { key: 'name', dataIndex: 'name', title: t('legalFolder.document') },
    {
      key: 'available',
      title: t('legalFolder.available'),
      width: 110,
      align: 'center',
      render: (_value, document) => <AvailableIcon available={document.available} />,
    },
    {
      key: 'deliveredOn',
      title: t('legalFolder.deliveredOn'),
      width: 130,
      render: (_value, document) => formatIsoDate(document.deliveredOn),
    },
    {
      key: 'expiresOn',
      title: t('legalFolder.expiresOn'),
      width: 150,
      render: (_value, document) =>
        document.expiresOn ? formatIsoDate(document.expiresOn) : document.available ? t('legalFolder.noExpiry') : '',
    },
    {
      key: 'state',
      title: t('legalFolder.state'),
      width: 140,
      render: (_value, document) => <Tag color={STATE_COLORS[document.state]}>{t(`legalFolder.states.${document.state}`)}</Tag>,
    },
  ];
  return (
    <Card size="small" title={category.name}>
      <Table<LegalFolderDocument>
        size="small"
        rowKey="code"
        columns={columns}
        dataSource={category.documents}
        pagination={false}
        aria-label={category.name}
      />
    </Card>
  );
}
