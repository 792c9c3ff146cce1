import {
  ORDER_DRAFT_NODE,
  ORDER_PAYMENT_INTERNAL,
  ORDER_VALIDATED_NODE,
  type OrderDetailRecord,
  orderDepositTypeSelectable,
} from './order-detail.js';

/** The fields of the order form (Information and Attachments tabs). */
export const ORDER_FORM_FIELDS = [
  'name',
  'mainClient',
  'clientMarket',
  'clientBdc',
  'executionPeriod',
  'oscarSubProject',
  'imputation',
  'oracleProject',
  'oracleTask',
  'oracleEmitterProject',
  'oracleEmitterTask',
  'orderTemplate',
  'endDate',
  'follower',
  'observation',
  'deliveryDate',
  'releaseDate',
  'depositType',
] as const;
export type OrderFormField = (typeof ORDER_FORM_FIELDS)[number];

/** What the editing rules read of the screen: its mode, the user's option, and the ERP projects chosen in the form. */
export type OrderEditContext = {
  editing: boolean;
  /** Option serviceorders.edit_financial_info (OS.EDIT_FINANCIAL_INFO). */
  financial: boolean;
  oracleProject: number | null;
  oracleEmitterProject: number | null;
};

type OrderFacts = Pick<
  OrderDetailRecord,
  'locked' | 'sentSST' | 'oracleId' | 'marketDepositType' | 'total' | 'threshold' | 'statusWF'
>;

/** A locked order keeps only its follow-up editable (spec 2 §4 "follower-edition mode"). */
export const ORDER_FOLLOW_UP_FIELDS = ['follower', 'deliveryDate', 'executionPeriod', 'observation'] as const;

/** The financial fields: changed only with option serviceorders.edit_financial_info (spec 2 §5). */
export const ORDER_FINANCIAL_FIELDS = [
  'name',
  'imputation',
  'oracleProject',
  'oracleTask',
  'oracleEmitterProject',
  'oracleEmitterTask',
  'releaseDate',
] as const;

/** The ERP and emitter fields: frozen once the order has an ERP id (spec 2 §5). */
export const ORDER_ERP_FIELDS = ['oracleProject', 'oracleTask', 'oracleEmitterProject', 'oracleEmitterTask'] as const;

const FOLLOW_UP_FIELDS: ReadonlySet<OrderFormField> = new Set(ORDER_FOLLOW_UP_FIELDS);
const FINANCIAL_FIELDS: ReadonlySet<OrderFormField> = new Set(ORDER_FINANCIAL_FIELDS);
const ERP_FIELDS: ReadonlySet<OrderFormField> = new Set(ORDER_ERP_FIELDS);

/**
 * Spec 2 §4-§5, which fields may change now: nothing outside edit mode; a locked order only its follow-up;
 * financial fields (complement, eOTP, ERP and emitter fields, release date) with the option; the
 * complement until the order is sent to the subcontractor; ERP and emitter fields while the order has no
 * ERP id, each task once its project is chosen; the retention type under the three conditions of §4.
 */
export function editableOrderFields(order: OrderFacts, context: OrderEditContext): ReadonlySet<OrderFormField> {
  if (!context.editing) {
    return new Set();
  }
  if (order.locked) {
    return FOLLOW_UP_FIELDS;
  }
  const inErp = order.oracleId !== null;
  // the rules of the field's classes, then each field's own
  const open = (field: OrderFormField) =>
    (context.financial || !FINANCIAL_FIELDS.has(field)) && (!inErp || !ERP_FIELDS.has(field));
  const own: Partial<Record<OrderFormField, boolean>> = {
    name: !order.sentSST,
    oracleTask: context.oracleProject !== null,
    oracleEmitterTask: context.oracleEmitterProject !== null,
    depositType: orderDepositTypeSelectable({
      marketDepositType: order.marketDepositType,
      total: order.total,
      threshold: order.threshold,
      nodeCode: order.statusWF?.nodeCode ?? null,
    }),
  };
  const rules = (field: OrderFormField) => open(field) && (own[field] ?? true);
  return new Set(ORDER_FORM_FIELDS.filter(rules));
}

/** Emitter project and task show only for a market paid internally (spec 2 §2 and §5). */
export function showsEmitterFields(order: Pick<OrderDetailRecord, 'paymentTypeCode'>): boolean {
  return order.paymentTypeCode === ORDER_PAYMENT_INTERNAL;
}

/** The values the required-field check reads (picked entities as their id). */
export type RequiredFacts = {
  name: string | null | undefined;
  oracleTask: number | null | undefined;
  endDate: string | null | undefined;
  follower: number | null | undefined;
  oracleEmitterProject: number | null | undefined;
  oracleEmitterTask: number | null | undefined;
};

/**
 * Spec 2 §5 Order save: the required fields left empty (the market cannot be emptied on this screen):
 * complement, ERP task, completion date, follower, and the emitter task once an emitter project is chosen.
 */
export function missingRequiredFields(values: RequiredFacts): OrderFormField[] {
  const empty = (value: string | number | null | undefined) =>
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  const missing: OrderFormField[] = [];
  for (const field of ['name', 'oracleTask', 'endDate', 'follower'] as const) {
    if (empty(values[field])) {
      missing.push(field);
    }
  }
  if (!empty(values.oracleEmitterProject) && empty(values.oracleEmitterTask)) {
    missing.push('oracleEmitterTask');
  }
  return missing;
}

/** Spec 2 §5: the release date must come after the order date (ISO dates compare as text). */
export function releaseDateTooEarly(releaseDate: string | null | undefined, orderDate: string): boolean {
  return Boolean(releaseDate) && (releaseDate as string) <= orderDate;
}

/** The rights and options of the header's actions. */
export type HeaderRights = {
  canUpdate: boolean;
  canDelete: boolean;
  /** serviceorders.display_order_download_button or serviceorders.edit_financial_info. */
  canDownload: boolean;
};

/** Which header actions show (spec 2 "Service order detail" and §6). */
export function orderHeaderActions(
  order: Pick<OrderDetailRecord, 'locked' | 'oracleId' | 'statusWF'>,
  rights: HeaderRights,
): { edit: boolean; followUpEdit: boolean; delete: boolean; import: boolean; sendToErp: boolean; pdf: boolean } {
  const nodeCode = order.statusWF?.nodeCode ?? null;
  return {
    edit: rights.canUpdate && !order.locked,
    followUpEdit: rights.canUpdate && order.locked,
    delete: rights.canDelete && nodeCode === ORDER_DRAFT_NODE,
    import: rights.canUpdate && !order.locked,
    sendToErp: rights.canUpdate && nodeCode === ORDER_VALIDATED_NODE && order.oracleId === null,
    pdf: rights.canDownload,
  };
}

/**
 * Spec 2 §4: attachments are created only on a VALIDATED order, never while its follower edition (Edit on
 * a locked order) is open, and with the create right on attachments.
 */
export function attachmentCreationAllowed(
  order: Pick<OrderDetailRecord, 'locked' | 'statusWF'>,
  context: { editing: boolean; canCreate: boolean },
): boolean {
  const followerEditing = context.editing && order.locked;
  return context.canCreate && order.statusWF?.nodeCode === ORDER_VALIDATED_NODE && !followerEditing;
}
