import type { ProjectRow } from '@isf/contract';
import {
  type ContractRow,
  DEFAULT_RG_RATE,
  depositTypeHasRate,
  depositTypeHasThreshold,
  MARKET_DEPOSIT_TYPES,
  MARKET_VAT_TYPES,
  type MarketDepositType,
  type MarketRecord,
  type MarketVatType,
  RG_RATE_MAX,
  RG_RATE_STEP,
} from '@isf/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceSelectItem } from '../../components/form/choice-select-item';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { MoneyInput } from '../../components/form/money-input';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { AgencyPicker } from '../../components/pickers/agency-picker';
import { usePaymentChoices } from './markets.api';

/** The form values of a market: agency and project are picked entities, amounts are decimal text. */
export type MarketFormValues = {
  edifice: string;
  agency: PickerValue | null;
  project: PickerValue | null;
  maxAmountDC4: string | null;
  paymentType: number | null;
  paymentTerm: number | null;
  tva: MarketVatType | null;
  depositType: MarketDepositType | null;
  rgRate: string | null;
  threshold: string | null;
  toEvaluate: boolean;
  /** The contract chosen with the picker (a contract of the market's agency). */
  contract: PickerValue | null;
  /** The number typed before contracts were chosen: kept, shown, and replaced by a chosen contract's. */
  contractNumber: string;
  dateEndOfContract: string;
  sapReference: string;
  clientBdc: string;
  eotpST: string;
};

export const EMPTY_MARKET: MarketFormValues = {
  edifice: '',
  agency: null,
  project: null,
  maxAmountDC4: null,
  paymentType: null,
  paymentTerm: null,
  tva: 'basic',
  depositType: 'basic',
  rgRate: DEFAULT_RG_RATE,
  threshold: null,
  toEvaluate: false,
  contract: null,
  contractNumber: '',
  dateEndOfContract: '',
  sapReference: '',
  clientBdc: '',
  eotpST: '',
};

export function marketFormValuesOf(market: MarketRecord): MarketFormValues {
  return {
    edifice: market.edifice,
    agency: { id: market.agency, label: market.agencyName },
    project: { id: market.project, label: market.projectName },
    maxAmountDC4: market.maxAmountDC4,
    paymentType: market.paymentType,
    paymentTerm: market.paymentTerm,
    tva: market.tva,
    depositType: market.depositType,
    rgRate: market.rgRate ?? DEFAULT_RG_RATE,
    threshold: market.threshold,
    toEvaluate: market.toEvaluate,
    contract: market.contract === null ? null : { id: market.contract, label: market.contractNumber ?? String(market.contract) },
    contractNumber: market.contractNumber ?? '',
    dateEndOfContract: market.dateEndOfContract ?? '',
    sapReference: market.sapReference ?? '',
    clientBdc: market.clientBdc ?? '',
    eotpST: market.eotpST ?? '',
  };
}

/** The payload of the form values: picked entities become ids; what the retention type hides is not sent. */
export function marketPayloadOf({ agency, project, contract, ...values }: MarketFormValues): Record<string, unknown> {
  return {
    ...values,
    contract: contract?.id ?? null,
    agency: agency?.id ?? null,
    project: project?.id ?? null,
    rgRate: depositTypeHasRate(values.depositType) ? values.rgRate : null,
    threshold: depositTypeHasThreshold(values.depositType) ? values.threshold : null,
  };
}

/**
 * Every field of a market (spec 2 §3): the RG rate (default 5, step 0.01) shows only for basic and
 * with-threshold retentions, the threshold in EUR only for with-threshold.
 */
export function MarketFormFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MarketFormValues>();
  const depositType = Form.useWatch<MarketDepositType | null>('depositType');
  const agency = Form.useWatch<PickerValue | null>('agency');
  const contract = Form.useWatch<PickerValue | null>('contract');
  const typedNumber = Form.useWatch<string>('contractNumber');
  const paymentTypes = usePaymentChoices('payment_type');
  const paymentTerms = usePaymentChoices('payment_term');
  const options = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
  return (
    <>
      <Form.Item name="edifice" label={t('markets.edifice')} required>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="agency" label={t('markets.agency')} required>
        <AgencyPicker
          title={t('markets.agency')}
          required
          // a contract belongs to one agency (the server refuses another's): another agency lets it go
          onChange={(next) => {
            if (next?.id !== agency?.id) {
              form.setFieldValue('contract', null);
            }
          }}
        />
      </Form.Item>
      <Form.Item name="project" label={t('markets.project')} required>
        <Picker<ProjectRow>
          entity="project"
          listPath="/projects"
          listName="picker.projects"
          title={t('markets.project')}
          required
          detailRoute="/project"
          columns={[
            { key: 'code', title: t('fields.code') },
            { key: 'name', title: t('fields.name') },
          ]}
          toValue={(row) => ({ id: row.id, label: row.name })}
        />
      </Form.Item>
      <Form.Item name="maxAmountDC4" label={t('markets.maxAmountDC4')} required>
        <MoneyInput style={{ width: 240 }} />
      </Form.Item>
      <ChoiceSelectItem
        name="paymentType"
        label={t('markets.paymentType')}
        required
        placeholder={t('validation.selectItem')}
        loading={paymentTypes.isLoading}
        options={options(paymentTypes.data)}
      />
      <ChoiceSelectItem
        name="paymentTerm"
        label={t('markets.paymentTerm')}
        required
        placeholder={t('validation.selectItem')}
        loading={paymentTerms.isLoading}
        options={options(paymentTerms.data)}
      />
      <Form.Item name="tva" label={t('markets.tva')} required>
        <Select options={MARKET_VAT_TYPES.map((value) => ({ value, label: t(`markets.tvaType.${value}`) }))} />
      </Form.Item>
      <Form.Item name="depositType" label={t('markets.depositType')} required>
        <Select options={MARKET_DEPOSIT_TYPES.map((value) => ({ value, label: t(`markets.depositTypes.${value}`) }))} />
      </Form.Item>
      {depositTypeHasRate(depositType) ? (
        <Form.Item name="rgRate" label={t('markets.rgRate')} required>
          <InputNumber<string>
            stringMode
            min="0"
            max={String(RG_RATE_MAX)}
            step={String(RG_RATE_STEP)}
            decimalSeparator=","
            suffix="%"
            style={{ width: 160 }}
          />
        </Form.Item>
      ) : null}
      {depositTypeHasThreshold(depositType) ? (
        <Form.Item name="threshold" label={t('markets.threshold')} required>
          <MoneyInput style={{ width: 240 }} />
        </Form.Item>
      ) : null}
      <Form.Item name="toEvaluate" label={t('markets.toEvaluate')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="contract"
        label={t('markets.contract')}
        extra={!contract && typedNumber ? t('markets.typedContractNumber', { number: typedNumber }) : undefined}
      >
        <Picker<ContractRow>
          entity="contract"
          listPath="/contracts"
          listName="picker.market-contracts"
          title={t('markets.contract')}
          detailRoute="/sst/contract"
          // the contracts of the market's agency only (the server refuses another's)
          disabled={!agency}
          fixedFilters={agency ? { agencyId: String(agency.id) } : undefined}
          columns={[
            { key: 'contractNumber', title: t('markets.contractNumber') },
            { key: 'agencyName', title: t('markets.agency') },
            { key: 'startDate', title: t('markets.contractStart') },
            { key: 'endDate', title: t('markets.contractEnd') },
          ]}
          toValue={(row) => ({ id: row.id, label: row.contractNumber })}
        />
      </Form.Item>
      <Form.Item name="contractNumber" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="dateEndOfContract" label={t('markets.dateEndOfContract')}>
        <IsoDateInput />
      </Form.Item>
      <Form.Item name="sapReference" label={t('markets.sapReference')}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item name="clientBdc" label={t('markets.clientBdc')}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
      <Form.Item name="eotpST" label={t('markets.eotpST')}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
    </>
  );
}
