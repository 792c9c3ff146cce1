import {
  ATTACHMENT_DRAFT_NODE,
  ATTACHMENT_NO_AGENCY_MESSAGE,
  ATTACHMENT_VALIDATING_NODES,
  type AttachmentDetailRecord,
  attachmentMoveConfirmations,
  ORDER_AGENCY_ANOMALIES_MESSAGE,
  PROJECT_EVALUATION_NODE,
} from '@isf/contract';
import { useEffect, useRef } from 'react';
import { openPreCheckDialog } from '../../components/workflow-panel/pre-check-dialogs';
import { type PreCheck, type PreCheckOutcome, registerPreCheck } from '../../components/workflow-panel/pre-checks';
import { can, getAuth } from '../../lib/auth-store';
import { i18next } from '../../lib/i18n';
import { fetchAttachment, fetchProjectEvaluationDue } from './attachments.api';
import type { ProjectEvaluationOutcome } from './project-evaluation-modal';

/** What the attachment pre-checks read of the attachment about to move. */
export type AttachmentMoveRecord = Pick<AttachmentDetailRecord, 'id' | 'order' | 'orderReference' | 'agencyName' | 'checks'>;

export type AttachmentPreCheckDeps = {
  /** The attachment as it is now on the server (a move may follow a save). */
  loadAttachment: (id: number) => Promise<AttachmentMoveRecord>;
  /** The user may create project evaluations (spec 1 §4 rule 6). */
  canEvaluate: () => boolean;
  /** The market is to be evaluated and the order was not evaluated (nor skipped) for the attachment's month. */
  evaluationDue: (attachment: AttachmentMoveRecord) => Promise<boolean>;
  /** Opens the project evaluation form; resolves with how it was left. */
  evaluate: (attachment: AttachmentMoveRecord) => Promise<ProjectEvaluationOutcome>;
  /** Spec 1 §4 rule 4: cancelling a confirmation of a move out of the draft returns to edit mode. */
  returnToEdit: () => void;
  now?: () => Date;
};

const PROCEED: PreCheckOutcome = { proceed: true };
const CANCELLED: PreCheckOutcome = { proceed: false };

/**
 * Rules 2 to 7 of spec 1 §4 for attachment moves (rule 1, the comment of a refusal, is the panel's own):
 * the agency (7), the confirmations of the contract's `attachmentMoveConfirmations` on the detail's
 * `checks` (2 to 5), then the project evaluation before amount validation (6) when the user moves the
 * attachment in their own name (docs/decisions.md "Project evaluation of an attachment").
 */
export function attachmentPreCheck(deps: AttachmentPreCheckDeps): PreCheck {
  return async (context) => {
    const target = context.transition.toNodeCode;
    if (!ATTACHMENT_VALIDATING_NODES.includes(target)) {
      return PROCEED;
    }
    const attachment = await deps.loadAttachment(context.entityId);
    if (attachment.checks.agencyMissing) {
      return { proceed: false, message: ATTACHMENT_NO_AGENCY_MESSAGE };
    }
    if (attachment.checks.agencyAnomaly) {
      const confirmed = await context.confirm({
        title: i18next.t('orderDetail.agencyAnomaliesTitle'),
        content: ORDER_AGENCY_ANOMALIES_MESSAGE.replace('{agency}', attachment.agencyName),
      });
      if (!confirmed) {
        return CANCELLED;
      }
    }
    const move = { fromNodeCode: context.fromNodeCode, toNodeCode: target };
    for (const content of attachmentMoveConfirmations(attachment.checks, move, deps.now?.())) {
      if (!(await context.confirm({ title: i18next.t('attachmentDetail.confirmTitle'), content }))) {
        if (context.fromNodeCode === ATTACHMENT_DRAFT_NODE) {
          deps.returnToEdit();
        }
        return CANCELLED;
      }
    }
    const ownName = !context.transition.onBehalfOf;
    if (target === PROJECT_EVALUATION_NODE && ownName && deps.canEvaluate() && (await deps.evaluationDue(attachment))) {
      if ((await deps.evaluate(attachment)) === 'cancelled') {
        return CANCELLED;
      }
    }
    return PROCEED;
  };
}

/** Registers the attachment pre-checks for attachment moves; returns their removal. */
export function registerAttachmentPreChecks(deps: AttachmentPreCheckDeps): () => void {
  return registerPreCheck({ entity: 'attachement' }, attachmentPreCheck(deps));
}

/** What the attachment screen open now does when a confirmation out of the draft is cancelled (rule 4). */
let returnToEdit: (() => void) | null = null;

/**
 * While an attachment screen is open: cancelling a confirmation of a move out of the draft puts it in edit
 * mode (spec 1 §4 rule 4). Elsewhere (the node screen) there is nothing to return to.
 */
export function useReturnToEditOnCancel(handler: () => void): void {
  const current = useRef(handler);
  useEffect(() => {
    current.current = handler;
  });
  useEffect(() => {
    const own = () => current.current();
    returnToEdit = own;
    return () => {
      if (returnToEdit === own) {
        returnToEdit = null;
      }
    };
  }, []);
}

let installed = false;

/**
 * The attachment pre-checks of every attachment move, wherever it is fired (the attachment screen's
 * workflow panel, the node screen's bulk moves), registered once for the kind; the evaluation form opens
 * in the move's screen.
 */
export function installAttachmentPreChecks(): void {
  if (installed) {
    return;
  }
  installed = true;
  registerAttachmentPreChecks({
    loadAttachment: fetchAttachment,
    canEvaluate: () => can(getAuth().profile, 'evaluation_project', 'create'),
    evaluationDue: async (attachment) => (await fetchProjectEvaluationDue(attachment.order, attachment.id)).due,
    evaluate: async (attachment) => {
      // the form's code loads when a move needs it (the shell installs the pre-checks)
      const { ProjectEvaluationModal } = await import('./project-evaluation-modal');
      return openPreCheckDialog<ProjectEvaluationOutcome>((settle) => (
        <ProjectEvaluationModal
          orderId={attachment.order}
          attachmentId={attachment.id}
          subject={`${attachment.agencyName} — ${attachment.orderReference}`}
          onDone={settle}
        />
      ));
    },
    returnToEdit: () => returnToEdit?.(),
  });
}
