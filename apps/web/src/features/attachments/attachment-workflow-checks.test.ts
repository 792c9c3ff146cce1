import {
  ATTACHMENT_NO_AGENCY_MESSAGE,
  ATTACHMENT_RECENTLY_PRESENTED_CONFIRM,
  ATTACHMENT_ZERO_AMOUNT_CONFIRM,
  ORDER_AGENCY_ANOMALIES_MESSAGE,
  REFUSAL_COMMENT_MESSAGE,
} from '@isf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PreCheckContext, preChecks } from '../../components/workflow-panel/pre-checks';
import { attachmentRecord } from './attachment-test-data';
import { type AttachmentMoveRecord, registerAttachmentPreChecks } from './attachment-workflow-checks';
import type { ProjectEvaluationOutcome } from './project-evaluation-modal';
import '../../lib/i18n';

const NOW = new Date('2026-01-20T10:00:00.000Z');

function move(
  fromNodeCode: string,
  toNodeCode: string,
  options: { comment?: string; confirm?: boolean; delegated?: boolean } = {},
) {
  const confirm = vi.fn<PreCheckContext['confirm']>(async () => options.confirm ?? true);
  const context: PreCheckContext = {
    entity: 'attachement',
    entityId: 5,
    workflowCode: 'attachement',
    fromNodeCode,
    transition: {
      id: 30,
      transitionCode: 'transition',
      toNodeCode,
      toNodeName: toNodeCode,
      toNodeType: toNodeCode === 'att_refused' ? 3 : 2,
      onBehalfOf: options.delegated ? { id: 9, name: 'Bob' } : null,
    },
    comment: options.comment ?? '',
    confirm,
  };
  return { context, confirm };
}

let unregister: (() => void) | null = null;

function register(
  checks: Partial<AttachmentMoveRecord['checks']> = {},
  options: { canEvaluate?: boolean; due?: boolean; outcome?: ProjectEvaluationOutcome } = {},
) {
  const base = attachmentRecord();
  const deps = {
    loadAttachment: vi.fn(async () => ({ ...base, checks: { ...base.checks, ...checks } })),
    canEvaluate: vi.fn(() => options.canEvaluate ?? true),
    evaluationDue: vi.fn(async () => options.due ?? false),
    evaluate: vi.fn(async () => options.outcome ?? 'submitted'),
    returnToEdit: vi.fn(),
    now: () => NOW,
  };
  unregister = registerAttachmentPreChecks(deps);
  return deps;
}

const contents = (confirm: ReturnType<typeof move>['confirm']) => confirm.mock.calls.map(([options]) => options.content);

describe('attachment pre-checks (spec 1 §4 rules 1 to 7)', () => {
  afterEach(() => {
    unregister?.();
    unregister = null;
  });

  it('refuses a refusal without a 5-character comment (rule 1) and loads nothing for it', async () => {
    const deps = register();
    expect(await preChecks.run(move('att_validating', 'att_refused', { comment: 'non' }).context)).toEqual({
      proceed: false,
      message: REFUSAL_COMMENT_MESSAGE,
    });
    expect(await preChecks.run(move('att_validating', 'att_refused', { comment: 'Quantités fausses' }).context)).toEqual({
      proceed: true,
    });
    expect(deps.loadAttachment).not.toHaveBeenCalled();
  });

  it('stops a move towards validation without agency, and asks about agency anomalies (rule 7)', async () => {
    register({ agencyMissing: true });
    expect(await preChecks.run(move('att_draft', 'att_validating').context)).toEqual({
      proceed: false,
      message: ATTACHMENT_NO_AGENCY_MESSAGE,
    });
    unregister?.();
    register({ agencyAnomaly: true });
    const refused = move('att_draft', 'att_validating', { confirm: false });
    expect(await preChecks.run(refused.context)).toEqual({ proceed: false });
    expect(contents(refused.confirm)).toEqual([ORDER_AGENCY_ANOMALIES_MESSAGE.replace('{agency}', 'Agence de Pau')]);
  });

  it('asks about a zero amount out of the draft, and returns to edit mode when cancelled (rules 2 and 4)', async () => {
    const deps = register({ amount: '0.00', attachmentsTotal: '0.00' });
    const cancelled = move('att_draft', 'att_validating', { confirm: false });
    expect(await preChecks.run(cancelled.context)).toEqual({ proceed: false });
    expect(contents(cancelled.confirm)).toEqual([ATTACHMENT_ZERO_AMOUNT_CONFIRM]);
    expect(deps.returnToEdit).toHaveBeenCalledTimes(1);

    const accepted = move('att_validating_amount', 'att_validated');
    expect(await preChecks.run(accepted.context)).toEqual({ proceed: true });
    expect(contents(accepted.confirm)).toEqual([ATTACHMENT_ZERO_AMOUNT_CONFIRM]);
    expect(deps.returnToEdit).toHaveBeenCalledTimes(1);
  });

  it('gives the DGD advice when the attachments reach the order total without DGD, and not with DGD (rule 4)', async () => {
    register({ attachmentsTotal: '1250.00' });
    const reached = move('att_draft', 'att_validation_sst');
    await preChecks.run(reached.context);
    expect(contents(reached.confirm)).toEqual([
      "Attention le total des attachements de la commande (1\u00a0250,00\u00a0€) atteint le montant de la commande (1\u00a0250,00\u00a0€). S'il s'agit du dernier attachement, cochez la case DGD (décompte général définitif). Souhaitez-vous continuer ?",
    ]);
    unregister?.();
    register({ attachmentsTotal: '1250.00', isDGD: true });
    const final = move('att_draft', 'att_validation_sst');
    await preChecks.run(final.context);
    expect(final.confirm).not.toHaveBeenCalled();
  });

  it('asks when the attachments pass the order total before amount validation and validation (rules 2 and 3)', async () => {
    register({ attachmentsTotal: '1300.00' });
    const above =
      'Attention le total des attachements de la commande (1\u00a0300,00\u00a0€) dépasse le montant de la commande (1\u00a0250,00\u00a0€). Souhaitez-vous continuer ?';
    const toAmount = move('att_validating', 'att_validating_amount');
    expect(await preChecks.run(toAmount.context)).toEqual({ proceed: true });
    expect(contents(toAmount.confirm)).toEqual([above]);
    const toValidated = move('att_validating_amount', 'att_validated', { confirm: false });
    expect(await preChecks.run(toValidated.context)).toEqual({ proceed: false });
    expect(contents(toValidated.confirm)).toEqual([above]);
  });

  it('warns of another attachment of the order presented within 30 days before validation (rule 5)', async () => {
    register({ lastOtherPresentedAt: '2025-12-25T10:00:00.000Z' });
    const recent = move('att_validating', 'att_validated');
    await preChecks.run(recent.context);
    expect(contents(recent.confirm)).toEqual([ATTACHMENT_RECENTLY_PRESENTED_CONFIRM]);
    unregister?.();
    register({ lastOtherPresentedAt: '2025-12-01T10:00:00.000Z' });
    const older = move('att_validating', 'att_validated');
    await preChecks.run(older.context);
    expect(older.confirm).not.toHaveBeenCalled();
  });

  it('opens the project evaluation before amount validation when due, and aborts the move when it is cancelled (rule 6)', async () => {
    const submitted = register({}, { due: true, outcome: 'submitted' });
    expect(await preChecks.run(move('att_validating', 'att_validating_amount').context)).toEqual({ proceed: true });
    expect(submitted.evaluate).toHaveBeenCalledTimes(1);
    unregister?.();
    const skipped = register({}, { due: true, outcome: 'skipped' });
    expect(await preChecks.run(move('att_validating', 'att_validating_amount').context)).toEqual({ proceed: true });
    expect(skipped.evaluate).toHaveBeenCalledTimes(1);
    unregister?.();
    const cancelled = register({}, { due: true, outcome: 'cancelled' });
    expect(await preChecks.run(move('att_validating', 'att_validating_amount').context)).toEqual({ proceed: false });
    expect(cancelled.evaluate).toHaveBeenCalledTimes(1);
  });

  it('does not open the evaluation when not due, without the create right, on behalf of someone, or elsewhere (rule 6)', async () => {
    const notDue = register({}, { due: false });
    await preChecks.run(move('att_validating', 'att_validating_amount').context);
    expect(notDue.evaluationDue).toHaveBeenCalledTimes(1);
    expect(notDue.evaluate).not.toHaveBeenCalled();
    unregister?.();

    const noRight = register({}, { due: true, canEvaluate: false });
    await preChecks.run(move('att_validating', 'att_validating_amount').context);
    expect(noRight.evaluationDue).not.toHaveBeenCalled();
    expect(noRight.evaluate).not.toHaveBeenCalled();
    unregister?.();

    const delegated = register({}, { due: true });
    await preChecks.run(move('att_validating', 'att_validating_amount', { delegated: true }).context);
    await preChecks.run(move('att_validating', 'att_validated').context);
    expect(delegated.evaluate).not.toHaveBeenCalled();
  });
});
