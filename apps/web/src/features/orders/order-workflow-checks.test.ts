import { ORDER_AGENCY_ANOMALIES_MESSAGE, ORDER_NO_AGENCY_MESSAGE, REFUSAL_COMMENT_MESSAGE } from '@isf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PreCheckContext, preChecks } from '../../components/workflow-panel/pre-checks';
import { needsEmitterChoice, type OrderMoveFacts, registerOrderPreChecks } from './order-workflow-checks';
import '../../lib/i18n';

const ORDER: OrderMoveFacts = {
  id: 12,
  agency: 3,
  agencyName: 'Agence de Pau',
  agencyAnomaly: false,
  paymentTypeCode: 'payment_transfer',
  oracleProject: 4,
  oracleTask: 8,
  oracleEmitterProject: null,
  oracleEmitterTask: null,
};

function move(toNodeCode: string, toNodeType: 1 | 2 | 3 | 4, comment = '') {
  const confirm = vi.fn<PreCheckContext['confirm']>(async () => true);
  const context: PreCheckContext = {
    entity: 'order',
    entityId: ORDER.id,
    workflowCode: 'service_order',
    fromNodeCode: 'os_validation_cdp',
    transition: {
      id: 30,
      transitionCode: 'transition',
      toNodeCode,
      toNodeName: toNodeCode,
      toNodeType,
    },
    comment,
    confirm,
  };
  return { context, confirm };
}

let unregister: (() => void) | null = null;

function register(order: Partial<OrderMoveFacts> = {}, emitterSaved = true) {
  const deps = {
    loadOrder: vi.fn(async () => ({ ...ORDER, ...order })),
    chooseEmitter: vi.fn(async () => emitterSaved),
  };
  unregister = registerOrderPreChecks(deps);
  return deps;
}

describe('order pre-checks (spec 1 §4 rules 1, 7 and 8)', () => {
  afterEach(() => {
    unregister?.();
    unregister = null;
  });

  it('asks nothing and loads nothing for a move outside the validating nodes', async () => {
    const deps = register({ agencyAnomaly: true });
    const { context, confirm } = move('os_closed', 4);
    expect(await preChecks.run(context)).toEqual({ proceed: true });
    expect(deps.loadOrder).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('refuses a return to draft without a 5-character comment, and lets one with it through', async () => {
    register();
    expect(await preChecks.run(move('os_draft', 1, 'non').context)).toEqual({
      proceed: false,
      message: REFUSAL_COMMENT_MESSAGE,
    });
    expect(await preChecks.run(move('os_draft', 1, 'Montant erroné').context)).toEqual({ proceed: true });
  });

  it('stops the move of an order without agency before a validating node', async () => {
    register({ agency: null as unknown as number });
    expect(await preChecks.run(move('os_validation_sst', 2).context)).toEqual({
      proceed: false,
      message: ORDER_NO_AGENCY_MESSAGE,
    });
  });

  it('asks before moving an order whose agency has anomalies, and a refusal aborts silently', async () => {
    register({ agencyAnomaly: true });
    const { context, confirm } = move('os_validation_cdp', 2);
    confirm.mockResolvedValueOnce(false);
    expect(await preChecks.run(context)).toEqual({ proceed: false });
    expect(confirm).toHaveBeenCalledWith({
      title: "Anomalies sur l'agence",
      content: ORDER_AGENCY_ANOMALIES_MESSAGE.replace('{agency}', 'Agence de Pau'),
    });
    confirm.mockResolvedValueOnce(true);
    expect(await preChecks.run(context)).toEqual({ proceed: true });
  });

  it('moves a sound order to a validating node without asking', async () => {
    register();
    const { context, confirm } = move('os_validation_sst', 2);
    expect(await preChecks.run(context)).toEqual({ proceed: true });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks for the emitter project and task before validating an internal order, and a cancel aborts', async () => {
    const deps = register({ paymentTypeCode: 'payment_internal' }, false);
    expect(await preChecks.run(move('os_validated', 2).context)).toEqual({ proceed: false });
    expect(deps.chooseEmitter).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
  });

  it('validates once the emitter modal saved', async () => {
    const deps = register({ paymentTypeCode: null }, true);
    expect(await preChecks.run(move('os_validated', 2).context)).toEqual({ proceed: true });
    expect(deps.chooseEmitter).toHaveBeenCalledTimes(1);
  });
});

describe('needsEmitterChoice (rule 8)', () => {
  it('asks only before validated, for an internal or absent payment type with ERP fields but no emitter', () => {
    const internal = { ...ORDER, paymentTypeCode: 'payment_internal' };
    expect(needsEmitterChoice(internal, 'os_validated')).toBe(true);
    expect(needsEmitterChoice({ ...ORDER, paymentTypeCode: null }, 'os_validated')).toBe(true);
    expect(needsEmitterChoice(internal, 'os_validation_sst')).toBe(false);
    expect(needsEmitterChoice(ORDER, 'os_validated')).toBe(false);
    expect(needsEmitterChoice({ ...internal, oracleTask: null }, 'os_validated')).toBe(false);
    expect(needsEmitterChoice({ ...internal, oracleEmitterProject: 2, oracleEmitterTask: 6 }, 'os_validated')).toBe(false);
  });
});
