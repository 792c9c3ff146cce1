import type { EnvelopeValidator } from '@isf/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../lib/i18n';

function DecisionTag({ validator }: { validator: EnvelopeValidator }) {
  const { t } = useTranslation();
  if (validator.decision === 'validated') {
    return <Tag color="green">{t('envelopes.decision.validated')}</Tag>;
  }
  if (validator.decision === 'refused') {
    return <Tag color="red">{t('envelopes.decision.refused')}</Tag>;
  }
  return <Tag>{t('envelopes.decision.pending')}</Tag>;
}

/** The validators of an envelope or a document: who, with which role, their decision, its date and comment. */
export function ValidatorsTable({ validators, loading }: { validators: readonly EnvelopeValidator[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      loading={loading}
      dataSource={[...validators]}
      locale={{ emptyText: t('envelopes.noValidator') }}
      columns={[
        { key: 'name', title: t('envelopes.validator'), render: (_, row) => row.user.name },
        { key: 'role', title: t('envelopes.role'), render: (_, row) => row.user.roleName },
        { key: 'decision', title: t('envelopes.decision'), render: (_, row) => <DecisionTag validator={row} /> },
        { key: 'date', title: t('envelopes.validationDate'), render: (_, row) => formatIsoDate(row.validationDate) },
        { key: 'comment', title: t('envelopes.comment'), render: (_, row) => row.comment },
      ]}
    />
  );
}
