import type { AttachmentDetailRecord } from '@isf/contract';
import { Checkbox, type DescriptionsProps, Form, type FormInstance, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FactList } from '../../components/detail-page/fact-list';
import { EntityLink } from '../../components/entity-link';
import { ErpSendStatus, erpStatusColor } from '../../components/erp/erp-send-status';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { StatementLinks } from '../../components/statement-links';
import { tokenAgeLabel } from '../../components/workflow-panel/token-age';
import { WorkflowColumn } from '../../components/workflow-panel/workflow-column';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { useEditMode } from '../../lib/edit-mode';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE, ORDER_DETAIL_ROUTE } from '../../lib/routes';

export type AttachmentFormValues = { observation: string; isDGD: boolean };

export function attachmentFormValuesOf(attachment: AttachmentDetailRecord): AttachmentFormValues {
  return { observation: attachment.observation ?? '', isDGD: attachment.isDGD };
}

export type AttachmentInformationTabProps = {
  attachment: AttachmentDetailRecord;
  form: FormInstance<AttachmentFormValues>;
  /** The post-action of a workflow move (reload the attachment). */
  onMoved: () => void;
};

const dash = (value: string | null | undefined) => value || '—';

/**
 * The Information tab of an attachment (spec 2 "Attachment detail", §3 Attachment): its order, market,
 * agency and project with their links, the ERP fields, the FTTH fields for an FTTH profile, the money
 * (amount, RG, deposits used, net), the workflow status with a link to its node, the observation and the
 * DGD flag (editable); the workflow panel with its history beside them.
 */
export function AttachmentInformationTab({ attachment, form, onMoved }: AttachmentInformationTabProps) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const editing = useEditMode();
  const status = attachment.statusWF;
  const rate = attachment.rgRate ? ` (${attachment.rgRate.replace('.', ',')} %)` : '';

  const links: DescriptionsProps['items'] = [
    { key: 'reference', label: t('attachmentList.reference'), children: attachment.reference },
    {
      key: 'order',
      label: t('attachmentList.order'),
      children: (
        <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${attachment.order}`}>
          {codeAndName(attachment.orderReference, attachment.orderName)}
        </EntityLink>
      ),
    },
    {
      key: 'market',
      label: t('attachmentList.market'),
      children: (
        <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${attachment.market}`}>
          {attachment.marketEdifice}
        </EntityLink>
      ),
    },
    { key: 'contractNumber', label: t('orderList.contractNumber'), children: dash(attachment.contractNumber) },
    {
      key: 'agency',
      label: t('orderList.agency'),
      children: (
        <EntityLink entity="agency" to={`/sst/agency/${attachment.agency}`}>
          {attachment.agencyName}
        </EntityLink>
      ),
    },
    {
      key: 'project',
      label: t('orderList.project'),
      children: (
        <EntityLink entity="project" to={`/project/${attachment.project}`}>
          {attachment.projectName}
        </EntityLink>
      ),
    },
    { key: 'imputation', label: t('orderList.imputation'), children: dash(attachment.imputationEotp) },
    { key: 'oracleProject', label: t('orderList.oracleProject'), children: dash(attachment.oracleProjectName) },
    { key: 'oracleTask', label: t('orderList.oracleTask'), children: dash(attachment.oracleTaskName) },
    ...(profile?.ftth
      ? [
          { key: 'oscar', label: t('orderList.oscarSubProject'), children: dash(attachment.oscarSubProjectName) },
          { key: 'arcgis', label: t('orderList.arcgisName'), children: dash(attachment.arcgisName) },
          { key: 'nro', label: t('orderList.nroName'), children: dash(attachment.nroName) },
          { key: 'pm', label: t('orderList.offerIdPm'), children: dash(attachment.offerIdPm) },
        ]
      : []),
    {
      key: 'oracleStatus',
      label: t('orderList.oracleStatus'),
      children: (
        <ErpSendStatus
          view={{
            color: erpStatusColor(attachment.oracleStatus),
            text: t(`attachmentList.oracleStatuses.${attachment.oracleStatus}`),
          }}
          oracleStatus={attachment.oracleStatus}
          oracleId={attachment.oracleId}
          erpSend={attachment.erpSend}
        />
      ),
    },
    {
      key: 'status',
      label: t('orderList.status'),
      children: status ? (
        <Space size={8}>
          <Link to={`/node/${status.nodeId}`}>{status.nodeName}</Link>
          <Typography.Text type="secondary">{tokenAgeLabel(status.updatedAt, t)}</Typography.Text>
        </Space>
      ) : (
        '—'
      ),
    },
    { key: 'follower', label: t('orderList.follower'), children: dash(attachment.followerName) },
    {
      key: 'creator',
      label: t('orderList.creator'),
      children: `${dash(attachment.creatorName)}, ${formatIsoDate(attachment.createdAt)}`,
    },
    {
      key: 'validator',
      label: t('attachmentDetail.field.validator'),
      children: attachment.validatorName ? `${attachment.validatorName}, ${formatIsoDate(attachment.validatedAt)}` : '—',
    },
    {
      key: 'monthlyStatement',
      label: t('attachmentDetail.field.monthlyStatement'),
      children: <StatementLinks statements={attachment.monthlyStatement ? [attachment.monthlyStatement] : []} />,
    },
  ];

  const money: DescriptionsProps['items'] = [
    {
      key: 'amount',
      label: t('attachmentList.amount'),
      children: <Typography.Text strong>{formatMoney(attachment.amount)}</Typography.Text>,
    },
    { key: 'orderTotal', label: t('attachmentDetail.field.orderTotal'), children: formatMoney(attachment.orderTotal) },
    { key: 'rg', label: `${t('attachmentDetail.field.totalRg')}${rate}`, children: formatMoney(attachment.totalRg) },
    {
      key: 'rgReleaseDate',
      label: t('attachmentDetail.field.rgReleaseDate'),
      children: dash(formatIsoDate(attachment.rgReleaseDate)),
    },
    {
      key: 'releaseStatements',
      label: t('attachmentDetail.releaseStatement'),
      children: <StatementLinks statements={attachment.releaseStatements} />,
    },
    {
      key: 'depositUsed',
      label: t('attachmentDetail.field.depositUsed'),
      children: (
        <Space orientation="vertical" size={0}>
          {formatMoney(attachment.depositUsed)}
          {attachment.warranties.map((use) => (
            <Typography.Text key={use.deposit} type="secondary">
              {t('attachmentDetail.depositUse', { reference: use.depositReference, amount: formatMoney(use.depositUsed) })}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    { key: 'net', label: t('attachmentDetail.field.netAmount'), children: formatMoney(attachment.netAmount) },
  ];

  return (
    <WorkflowColumn entity="attachement" entityId={attachment.id} onMoved={onMoved}>
      <FactList items={links} />
      <FactList items={money} title={t('attachmentDetail.amounts')} />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="isDGD" valuePropName="checked" extra={editing ? t('attachmentDetail.dgdHelp') : undefined}>
          <Checkbox disabled={!editing}>{t('attachmentDetail.field.isDGD')}</Checkbox>
        </Form.Item>
        <Form.Item name="observation" label={t('attachmentDetail.field.observation')}>
          <TrimmedInput multiline maxLength={4000} disabled={!editing} />
        </Form.Item>
      </Form>
    </WorkflowColumn>
  );
}
