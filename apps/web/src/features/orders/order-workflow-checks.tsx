import {
  ORDER_AGENCY_ANOMALIES_MESSAGE,
  ORDER_EMITTER_REQUIRED_MESSAGE,
  ORDER_NO_AGENCY_MESSAGE,
  ORDER_PAYMENT_INTERNAL,
  ORDER_VALIDATED_NODE,
  ORDER_VALIDATING_NODES,
  type OrderDetailRecord,
} from '@isf/contract';
import { openPreCheckDialog } from '../../components/workflow-panel/pre-check-dialogs';
import { type PreCheck, type PreCheckOutcome, registerPreCheck } from '../../components/workflow-panel/pre-checks';
import { i18next } from '../../lib/i18n';
import { fetchOrder } from './order-detail.api';

/** What the order pre-checks read of the order about to move. */
export type OrderMoveFacts = Pick<
  OrderDetailRecord,
  | 'id'
  | 'agency'
  | 'agencyName'
  | 'agencyAnomaly'
  | 'paymentTypeCode'
  | 'oracleProject'
  | 'oracleTask'
  | 'oracleEmitterProject'
  | 'oracleEmitterTask'
>;

/**
 * Spec 1 §4 rule 7, before a validating or validated node: no agency is an error (the server refuses the
 * move too); a synchronised agency whose documents are incomplete or whose status is not 1 asks first.
 */
export function agencyProblem(order: { agency: number | null; agencyAnomaly: boolean }): 'noAgency' | 'anomalies' | null {
  if (order.agency === null) {
    return 'noAgency';
  }
  return order.agencyAnomaly ? 'anomalies' : null;
}

/**
 * Spec 1 §4 rule 8, before the validated node: a market paid internally (or without payment code) whose
 * order has its ERP project and task but not both emitter ones asks for them.
 */
export function needsEmitterChoice(order: OrderMoveFacts, toNodeCode: string): boolean {
  const internalOrAbsent = order.paymentTypeCode === null || order.paymentTypeCode === ORDER_PAYMENT_INTERNAL;
  const hasErp = order.oracleProject !== null && order.oracleTask !== null;
  const hasEmitter = order.oracleEmitterProject !== null && order.oracleEmitterTask !== null;
  return toNodeCode === ORDER_VALIDATED_NODE && internalOrAbsent && hasErp && !hasEmitter;
}

export type OrderPreCheckDeps = {
  /** The order as it is now on the server (a move may follow a save). */
  loadOrder: (id: number) => Promise<OrderMoveFacts>;
  /** Opens the emitter modal; true once the emitter project and task are saved, false when cancelled. */
  chooseEmitter: (order: OrderMoveFacts) => Promise<boolean>;
};

const PROCEED: PreCheckOutcome = { proceed: true };

/** Rules 7 and 8 of spec 1 §4 for order moves (rule 1, the comment of a return to draft, is the panel's own). */
export function orderPreCheck(deps: OrderPreCheckDeps): PreCheck {
  return async (context) => {
    const target = context.transition.toNodeCode;
    if (!ORDER_VALIDATING_NODES.includes(target)) {
      return PROCEED;
    }
    const order = await deps.loadOrder(context.entityId);
    const problem = agencyProblem(order);
    if (problem === 'noAgency') {
      return { proceed: false, message: ORDER_NO_AGENCY_MESSAGE };
    }
    if (problem === 'anomalies') {
      const confirmed = await context.confirm({
        title: i18next.t('orderDetail.agencyAnomaliesTitle'),
        content: ORDER_AGENCY_ANOMALIES_MESSAGE.replace('{agency}', order.agencyName),
      });
      if (!confirmed) {
        return { proceed: false };
      }
    }
    if (needsEmitterChoice(order, target) && !(await deps.chooseEmitter(order))) {
      return { proceed: false };
    }
    return PROCEED;
  };
}

/** Registers the order pre-checks for order moves; returns their removal. */
export function registerOrderPreChecks(deps: OrderPreCheckDeps): () => void {
  return registerPreCheck({ entity: 'order' }, orderPreCheck(deps));
}

let installed = false;

/**
 * The order pre-checks of every order move, wherever it is fired (the order screen's workflow panel, the
 * node screen's bulk moves), registered once for the kind; the emitter modal opens in the move's screen.
 */
export function installOrderPreChecks(): void {
  if (installed) {
    return;
  }
  installed = true;
  registerOrderPreChecks({
    loadOrder: fetchOrder,
    chooseEmitter: async (order) => {
      // the modal's code loads when a move needs it (the shell installs the pre-checks)
      const { OrderEmitterModal } = await import('./order-emitter-modal');
      return openPreCheckDialog<boolean>((settle) => (
        <OrderEmitterModal
          orderId={order.id}
          message={ORDER_EMITTER_REQUIRED_MESSAGE}
          onSaved={() => settle(true)}
          onCancel={() => settle(false)}
        />
      ));
    },
  });
}
