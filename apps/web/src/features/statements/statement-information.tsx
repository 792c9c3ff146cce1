import { STATEMENT_NEGATIVE_WARNING, type StatementDetailRecord } from '@isf/contract';
import { Alert, Card, type DescriptionsProps, Form, type FormInstance, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/detail-page/fact-list';
import { EntityLink } from '../../components/entity-link';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { MoneyInput } from '../../components/form/money-input';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { useEditMode } from '../../lib/edit-mode';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';

export type StatementFormValues = {
  date: string;
  sapReference: string;
  theoreticalPaymentDate: string;
  depositAmount: string | null;
  depositReleaseDate: string;
};

export function statementFormValuesOf(statement: StatementDetailRecord): StatementFormValues {
  return {
    date: statement.date,
    sapReference: statement.sapReference ?? '',
    theoreticalPaymentDate: statement.theoreticalPaymentDate ?? '',
    depositAmount: statement.depositAmount,
    depositReleaseDate: statement.depositReleaseDate ?? '',
  };
}

const dash = (value: string | null | undefined) => value || '—';

/**
 * The Information of a statement (spec 2 §3 Monthly statement): its market, agency and project with
 * their links, VAT and payment type, payment state; the editable fields (date, SAP reference,
 * theoretical payment date, deposit amount and release date); the figures, with the warning of spec 2 §5
 * when one is negative.
 */
export function StatementInformation({
  statement,
  form,
}: {
  statement: StatementDetailRecord;
  form: FormInstance<StatementFormValues>;
}) {
  const { t } = useTranslation();
  const editing = useEditMode();
  const { market } = statement;

  const facts: DescriptionsProps['items'] = [
    {
      key: 'market',
      label: t('statements.market'),
      children: (
        <EntityLink entity="subcontractor_market" to={`${MARKET_DETAIL_ROUTE}/${market.id}`}>
          {market.edifice}
        </EntityLink>
      ),
    },
    {
      key: 'agency',
      label: t('statements.agency'),
      children: (
        <EntityLink entity="agency" to={`/sst/agency/${market.agency}`}>
          {market.agencyName}
        </EntityLink>
      ),
    },
    {
      key: 'project',
      label: t('statements.project'),
      children: (
        <EntityLink entity="project" to={`/project/${market.project}`}>
          {market.projectName}
        </EntityLink>
      ),
    },
    { key: 'tva', label: t('statements.tva'), children: t(`markets.tvaType.${market.tva}`) },
    { key: 'paymentType', label: t('statements.paymentType'), children: dash(market.paymentTypeName) },
    { key: 'marketSap', label: t('statements.marketSapReference'), children: dash(market.sapReference) },
    {
      key: 'paid',
      label: t('statements.paid'),
      children: statement.paidAt ? t('statements.paidOn', { date: formatIsoDate(statement.paidAt) }) : t('statements.unpaid'),
    },
    {
      key: 'creator',
      label: t('orderList.creator'),
      children: `${dash(statement.creatorName)}, ${formatIsoDate(statement.createdAt)}`,
    },
  ];

  const money = (key: keyof StatementDetailRecord, strong = false) => {
    const value = formatMoney(statement[key] as string);
    return strong ? <Typography.Text strong>{value}</Typography.Text> : value;
  };
  const figures: DescriptionsProps['items'] = [
    { key: 'totalAmount', label: t('statements.totalAmount'), children: money('totalAmount', true) },
    { key: 'rgamount', label: t('statements.rgamount'), children: money('rgamount') },
    { key: 'depositUsed', label: t('statements.depositUsed'), children: money('depositUsed') },
    { key: 'totalAmountWithoutRG', label: t('statements.totalAmountWithoutRG'), children: money('totalAmountWithoutRG') },
    { key: 'rgToRelease', label: t('statements.rgToRelease'), children: money('rgToRelease') },
    { key: 'rgreleased', label: t('statements.rgreleased'), children: money('rgreleased') },
    {
      key: 'totalAmountWithReleasedRG',
      label: t('statements.totalAmountWithReleasedRG'),
      children: money('totalAmountWithReleasedRG'),
    },
    {
      key: 'tvaamount',
      label: statement.tvaRate ? t('statements.tvaAmountRate', { rate: statement.tvaRate }) : t('statements.tvaAmount'),
      children: market.reverseCharge ? t('statements.reverseChargeMention') : money('tvaamount'),
    },
    { key: 'totalAmountTTC', label: t('statements.totalAmountTTC'), children: money('totalAmountTTC', true) },
  ];

  return (
    <Card>
      <FactList items={facts} />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} disabled={!editing}>
        <Form.Item name="date" label={t('statements.date')} required>
          <IsoDateInput />
        </Form.Item>
        <Form.Item name="sapReference" label={t('statements.sapReference')}>
          <TrimmedInput maxLength={100} />
        </Form.Item>
        <Form.Item name="theoreticalPaymentDate" label={t('statements.theoreticalPaymentDate')}>
          <IsoDateInput />
        </Form.Item>
        <Form.Item name="depositAmount" label={t('statements.depositAmount')}>
          <MoneyInput style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="depositReleaseDate" label={t('statements.depositReleaseDate')}>
          <IsoDateInput />
        </Form.Item>
      </Form>
      {statement.negative ? <Alert type="warning" showIcon title={STATEMENT_NEGATIVE_WARNING} style={{ marginTop: 8 }} /> : null}
      <FactList items={figures} title={t('statements.figures')} />
    </Card>
  );
}
