import {
  type MarketRecord,
  ORDER_COMPLEMENT_TOO_LONG_MESSAGE,
  ORDER_MARKET_WITHOUT_BPU_MESSAGE,
  orderComplementMaxLength,
  type UserProfile,
} from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Form, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OracleProjectTaskItems } from '../../components/erp/oracle-project-task-items';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { MarketPickerItem } from '../../components/pickers/market-picker-item';
import { fetchMarket, marketQueryKey, useMarketBpus } from '../../components/pickers/market-reads';
import { UserPicker } from '../../components/pickers/user-picker';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { useProjectOracleProjects, useProjectOscarSubprojects } from '../projects/erp-projects.api';
import { useProjectImputations } from '../projects/projects.api';
import { OrderTemplateNameItem } from './order-template-item';
import { useBpuTemplateOrderTemplates } from './orders.api';

/** The form values of a new order: market, follower and emitter project are picked entities. */
export type OrderCreateValues = {
  name: string;
  endDate: string;
  market: PickerValue | null;
  orderTemplate: number | null;
  imputation: number | null;
  oracleProject: number | null;
  oracleTask: number | null;
  oracleEmitterProject: PickerValue | null;
  oracleEmitterTask: number | null;
  oscarSubProject: number | null;
  mainClient: string;
  clientMarket: string;
  clientBdc: string;
  follower: PickerValue | null;
};

/** What depends on the market: cleared when another market is chosen (spec 2 §5). */
const MARKET_DEPENDENT = {
  orderTemplate: null,
  imputation: null,
  oracleProject: null,
  oracleTask: null,
  oracleEmitterProject: null,
  oracleEmitterTask: null,
  oscarSubProject: null,
} satisfies Partial<OrderCreateValues>;

const PAYMENT_INTERNAL = 'payment_internal';

/** A new order: nothing chosen, followed by the user creating it. */
export function emptyOrder(profile: UserProfile | null): OrderCreateValues {
  return {
    name: '',
    endDate: '',
    market: null,
    ...MARKET_DEPENDENT,
    mainClient: '',
    clientMarket: '',
    clientBdc: '',
    follower: profile ? { id: profile.id, label: `${profile.name} (${profile.uid})` } : null,
  };
}

/** The payload of the form values: picked entities become ids. */
export function orderCreatePayloadOf({
  market,
  follower,
  oracleEmitterProject,
  ...values
}: OrderCreateValues): Record<string, unknown> {
  return {
    ...values,
    market: market?.id ?? null,
    follower: follower?.id ?? null,
    oracleEmitterProject: oracleEmitterProject?.id ?? null,
  };
}

function useChosenMarket(marketId: number | null) {
  return useQuery({
    queryKey: marketQueryKey(marketId ?? 0),
    queryFn: () => fetchMarket(marketId ?? 0),
    enabled: marketId !== null,
  });
}

/** The first BPU of the market (the one an order gets) and its order templates. */
function useMarketOrderTemplates(marketId: number | null) {
  const bpus = useMarketBpus(marketId ?? 0);
  const first = [...(bpus.data ?? [])].sort((left, right) => left.id - right.id)[0];
  const templates = useBpuTemplateOrderTemplates(first?.bpuTemplate ?? null);
  return { withoutBpu: bpus.data !== undefined && bpus.data.length === 0, templates };
}

/**
 * The fields of the order creation modal (spec 2 §5 Order creation): template, imputation and ERP
 * fields read-only until a market is chosen, the ERP task until its project is; a new market clears
 * them and brings its client order number; the complement's length depends on the market's edifice.
 */
export function OrderCreateFields() {
  const { t } = useTranslation();
  const { can, profile } = useAuth();
  const form = Form.useFormInstance<OrderCreateValues>();
  const queryClient = useQueryClient();
  const market = Form.useWatch<PickerValue | null>('market', form);
  const marketId = market?.id ?? null;
  const record: MarketRecord | undefined = useChosenMarket(marketId).data;
  const chosen = record !== undefined && record.id === marketId ? record : undefined;
  const projectId = chosen?.project ?? null;
  const { withoutBpu, templates } = useMarketOrderTemplates(marketId);
  const imputations = useProjectImputations(projectId !== null && can('imputation', 'read') ? projectId : 0);
  const oracleProjects = useProjectOracleProjects(projectId ?? 0, projectId !== null && can('oracle_project', 'read'));
  const subprojects = useProjectOscarSubprojects(profile?.ftth && projectId !== null ? projectId : 0);
  const maxLength = orderComplementMaxLength(chosen?.edifice);
  const noMarket = marketId === null;
  const placeholder = noMarket ? t('orderList.chooseMarketFirst') : t('validation.selectItem');

  const onMarketPicked = async (next: PickerValue | null) => {
    form.setFieldsValue(MARKET_DEPENDENT);
    if (!next) {
      return;
    }
    try {
      const picked = await queryClient.fetchQuery({ queryKey: marketQueryKey(next.id), queryFn: () => fetchMarket(next.id) });
      if (form.getFieldValue('market')?.id === picked.id) {
        form.setFieldValue('clientBdc', picked.clientBdc ?? '');
      }
    } catch {
      // the global response handling has said why
    }
  };

  const half = (children: ReactNode) => (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );

  return (
    <Row gutter={16}>
      <Col span={24}>
        <MarketPickerItem onPicked={(next) => void onMarketPicked(next)} />
        {withoutBpu ? (
          <Alert type="error" showIcon title={ORDER_MARKET_WITHOUT_BPU_MESSAGE} style={{ marginBottom: 16 }} />
        ) : null}
        {chosen?.agencyAnomaly ? (
          <Alert type="warning" showIcon title={t('orderList.agencyWarning')} style={{ marginBottom: 16 }} />
        ) : null}
      </Col>
      {half(
        <Form.Item
          name="name"
          label={t('orderList.name')}
          required
          extra={t('orderList.complementHelp', { max: maxLength })}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            {
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '').length > maxLength) {
                  throw new Error(ORDER_COMPLEMENT_TOO_LONG_MESSAGE.replace('{max}', String(maxLength)));
                }
              },
            },
          ]}
        >
          <TrimmedInput maxLength={maxLength} />
        </Form.Item>,
      )}
      {half(
        <Form.Item
          name="endDate"
          label={t('orderList.endDate')}
          required
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <IsoDateInput />
        </Form.Item>,
      )}
      {half(
        <OrderTemplateNameItem
          label={t('orderList.orderTemplate')}
          templates={templates.data}
          loading={templates.isFetching}
          disabled={noMarket}
          placeholder={placeholder}
        />,
      )}
      {half(
        <Form.Item name="imputation" label={t('orderList.imputation')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={noMarket}
            placeholder={placeholder}
            options={(imputations.data ?? [])
              .filter((imputation) => imputation.active)
              .map((imputation) => ({
                value: imputation.id,
                label: codeAndName(imputation.eotp, imputation.description),
              }))}
          />
        </Form.Item>,
      )}
      <OracleProjectTaskItems
        project={{
          name: 'oracleProject',
          label: t('orderList.oracleProject'),
          disabled: projectId === null,
          placeholder: projectId === null ? t('orderList.chooseMarketFirst') : undefined,
        }}
        task={{ name: 'oracleTask', label: t('orderList.oracleTask') }}
        projects={oracleProjects}
        required="both"
        item={half}
      />
      {chosen?.paymentTypeCode === PAYMENT_INTERNAL ? (
        <OracleProjectTaskItems
          project={{ name: 'oracleEmitterProject', label: t('orderList.oracleEmitterProject') }}
          task={{ name: 'oracleEmitterTask', label: t('orderList.oracleEmitterTask') }}
          required="taskOfProject"
          item={half}
        />
      ) : null}
      {profile?.ftth ? (
        <Col span={24}>
          <Form.Item name="oscarSubProject" label={t('orderList.oscarSubProject')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={noMarket}
              placeholder={placeholder}
              options={(subprojects.data ?? []).map((subproject) => ({ value: subproject.id, label: subproject.name }))}
            />
          </Form.Item>
        </Col>
      ) : null}
      {half(
        <Form.Item name="mainClient" label={t('orderList.mainClient')}>
          <TrimmedInput maxLength={255} />
        </Form.Item>,
      )}
      {half(
        <Form.Item name="clientMarket" label={t('orderList.clientMarket')}>
          <TrimmedInput maxLength={255} />
        </Form.Item>,
      )}
      {half(
        <Form.Item name="clientBdc" label={t('orderList.clientBdc')}>
          <TrimmedInput maxLength={255} />
        </Form.Item>,
      )}
      {half(
        <Form.Item
          name="follower"
          label={t('orderList.follower')}
          required
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <UserPicker />
        </Form.Item>,
      )}
    </Row>
  );
}
