import {
  ATTACHMENT_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE,
  ATTACHMENT_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE,
  ATTACHMENT_NO_AGENCY_MESSAGE,
  ATTACHMENT_VALIDATED_NODES,
  ATTACHMENT_VALIDATING_NODES,
} from '@isf/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { MoveFacts, WorkflowRegistry } from '../workflow/index.js';
import { consumeDeposits, releaseDeposits } from './attachment-deposits.js';
import { recomputeAttachmentAmounts } from './attachment-lines.js';
import { refreshOrderFiguresOfAttachments } from './order-figures.js';

const WORKFLOW = 'attachement';

type AttachmentFacts = { amount: string; agencyId: number | null; engagement: string };

/**
 * What the attachment guards read, once per move (one statement shared by the guards): the amount, the
 * order's agency and the authorization amount of the mover (the delegator's when acting for one).
 */
const factsOfMove = new WeakMap<MoveFacts, Promise<AttachmentFacts | undefined>>();

function attachmentFacts(db: Database, facts: MoveFacts): Promise<AttachmentFacts | undefined> {
  let found = factsOfMove.get(facts);
  if (!found) {
    const moverId = facts.onBehalfOfId ?? facts.principal.userId;
    found = (async () => {
      const result = (await db.execute(sql`SELECT att.amount::text AS "amount", a.id AS "agencyId",
          COALESCE((SELECT u.engagement::text FROM users u WHERE u.id = ${moverId}), '0') AS "engagement"
        FROM attachments att JOIN orders o ON o.id = att.order_id LEFT JOIN agencies a ON a.id = o.agency_id
        WHERE att.id = ${facts.token.entityId}`)) as unknown as { rows: AttachmentFacts[] };
      return result.rows[0];
    })();
    factsOfMove.set(facts, found);
  }
  return found;
}

/** Spec 1 §4 rule 7 as a server guard: an attachment whose order has no agency never reaches a validating node. */
export async function attachmentAgencyGuard(facts: MoveFacts, db: Database): Promise<string | null> {
  if (!ATTACHMENT_VALIDATING_NODES.includes(facts.to.code)) {
    return null;
  }
  const attachment = await attachmentFacts(db, facts);
  return attachment && attachment.agencyId === null ? ATTACHMENT_NO_AGENCY_MESSAGE : null;
}

/**
 * The routing out of the CDP validation (docs/decisions.md "Reference workflows"): the CDP validates an
 * attachment within the mover's authorization amount (`users.engagement`, the delegator's when acting on
 * someone's behalf), and sends one beyond it to amount validation.
 */
export async function attachmentAmountRoutingGuard(facts: MoveFacts, db: Database): Promise<string | null> {
  if (facts.from.code !== 'att_validating') {
    return null;
  }
  const attachment = await attachmentFacts(db, facts);
  const above = new Decimal(attachment?.amount ?? '0').greaterThan(attachment?.engagement ?? '0');
  if (facts.to.code === 'att_validated' && above) {
    return ATTACHMENT_AMOUNT_ABOVE_ENGAGEMENT_MESSAGE;
  }
  if (facts.to.code === 'att_validating_amount' && !above) {
    return ATTACHMENT_AMOUNT_WITHIN_ENGAGEMENT_MESSAGE;
  }
  return null;
}

/**
 * Entering the validated nodes freezes the money: the RG is recomputed with the order as it stands, the
 * deposits are consumed (under a row lock), the validator and the date are kept, and the receipt may be
 * sent to the ERP. Leaving them gives the deposits back. Either way the order's stored figures follow
 * (`order-figures.ts`). Moves between validated nodes change nothing.
 */
export async function onAttachmentMove(facts: MoveFacts, db: Database): Promise<void> {
  const wasValidated = ATTACHMENT_VALIDATED_NODES.includes(facts.from.code);
  const isValidated = ATTACHMENT_VALIDATED_NODES.includes(facts.to.code);
  const id = facts.token.entityId;
  if (!wasValidated && isValidated) {
    await recomputeAttachmentAmounts(db, id);
    await consumeDeposits(db, id);
    await db.execute(sql`UPDATE attachments SET validated_at = now(), validator_id = ${facts.principal.userId},
        can_send_to_oracle = (oracle_id IS NULL), version = version + 1, updated_at = now()
      WHERE id = ${id}`);
  } else if (wasValidated && !isValidated) {
    await releaseDeposits(db, id);
    await db.execute(sql`UPDATE attachments SET validated_at = NULL, validator_id = NULL, can_send_to_oracle = FALSE,
        version = version + 1, updated_at = now()
      WHERE id = ${id}`);
  }
  if (wasValidated !== isValidated) {
    await refreshOrderFiguresOfAttachments(db, [id]);
  }
}

/** Registers the attachment guards and post-actions on the attachment workflow. */
export function registerAttachmentWorkflow(registry: WorkflowRegistry): void {
  registry.registerGuard({ workflow: WORKFLOW }, attachmentAgencyGuard);
  registry.registerGuard({ workflow: WORKFLOW }, attachmentAmountRoutingGuard);
  registry.registerPostAction({ workflow: WORKFLOW }, { inTransaction: onAttachmentMove });
}
