import type { MarketDepositType, OrderDetailRecord, OrderLineInput, OrderUpdateInput } from '@isf/contract';
import type { PickerValue } from '../../components/picker/picker';

/** The form values of an order: selects hold ids, pickers a picked entity, texts and dates strings. */
export type OrderFormValues = {
  name: string;
  mainClient: string;
  clientMarket: string;
  clientBdc: string;
  executionPeriod: string;
  oscarSubProject: number | null;
  imputation: number | null;
  oracleProject: number | null;
  oracleTask: number | null;
  oracleEmitterProject: PickerValue | null;
  oracleEmitterTask: number | null;
  orderTemplate: number | null;
  endDate: string;
  follower: PickerValue | null;
  observation: string;
  deliveryDate: string;
  releaseDate: string;
  depositType: MarketDepositType;
};

export function orderFormValuesOf(order: OrderDetailRecord): OrderFormValues {
  return {
    name: order.name,
    mainClient: order.mainClient ?? '',
    clientMarket: order.clientMarket ?? '',
    clientBdc: order.clientBdc ?? '',
    executionPeriod: order.executionPeriod ?? '',
    oscarSubProject: order.oscarSubProject,
    imputation: order.imputation,
    oracleProject: order.oracleProject,
    oracleTask: order.oracleTask,
    oracleEmitterProject:
      order.oracleEmitterProject === null
        ? null
        : { id: order.oracleEmitterProject, label: order.oracleEmitterProjectName ?? String(order.oracleEmitterProject) },
    oracleEmitterTask: order.oracleEmitterTask,
    orderTemplate: order.orderTemplate,
    endDate: order.endDate,
    follower: { id: order.follower, label: order.followerName ?? String(order.follower) },
    observation: order.observation ?? '',
    deliveryDate: order.deliveryDate ?? '',
    releaseDate: order.releaseDate ?? '',
    depositType: order.depositType,
  };
}

/**
 * The PUT payload (spec 2 §7 "order plus prestationOSs"): the form's values, the fields this screen does
 * not change as stored (market, order date), and the prestation lines only when the Prestations tab
 * reported some.
 */
export function orderPayloadOf(
  values: OrderFormValues,
  order: OrderDetailRecord,
  lines: OrderLineInput[] | null,
): Omit<OrderUpdateInput, 'version'> {
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return {
    name: text(values.name),
    market: order.market,
    date: order.date,
    mainClient: text(values.mainClient),
    clientMarket: text(values.clientMarket),
    clientBdc: text(values.clientBdc),
    executionPeriod: text(values.executionPeriod),
    oscarSubProject: values.oscarSubProject ?? null,
    imputation: values.imputation ?? null,
    oracleProject: values.oracleProject ?? null,
    oracleTask: values.oracleTask ?? null,
    oracleEmitterProject: values.oracleEmitterProject?.id ?? null,
    oracleEmitterTask: values.oracleEmitterTask ?? null,
    orderTemplate: values.orderTemplate ?? null,
    endDate: text(values.endDate),
    follower: values.follower?.id ?? null,
    observation: text(values.observation),
    deliveryDate: text(values.deliveryDate),
    releaseDate: text(values.releaseDate),
    depositType: values.depositType,
    ...(lines ? { prestationOSs: lines } : {}),
  };
}
