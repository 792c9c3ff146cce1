import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_RECENTLY_PRESENTED_CONFIRM,
  ATTACHMENT_ZERO_AMOUNT_CONFIRM,
  type AttachmentMoveFacts,
  attachmentMoveConfirmations,
  withinRepeatWindow,
} from './attachments.js';

const now = new Date('2026-03-31T12:00:00Z');
const facts = (overrides: Partial<AttachmentMoveFacts> = {}): AttachmentMoveFacts => ({
  amount: '100.00',
  isDGD: false,
  orderTotal: '1000.00',
  attachmentsTotal: '400.00',
  lastOtherPresentedAt: null,
  agencyMissing: false,
  agencyAnomaly: false,
  ...overrides,
});
const move = (fromNodeCode: string, toNodeCode: string) => ({ fromNodeCode, toNodeCode });

describe('attachment pre-check confirmations (spec 1 §4 rules 2 to 5)', () => {
  it('asks nothing of an ordinary move', () => {
    expect(attachmentMoveConfirmations(facts(), move('att_draft', 'att_validating'), now)).toEqual([]);
    expect(attachmentMoveConfirmations(facts(), move('att_validating', 'att_validated'), now)).toEqual([]);
  });

  it('rule 2: validating the amount of a zero attachment, or beyond the order total', () => {
    expect(attachmentMoveConfirmations(facts({ amount: '0.00' }), move('att_validating_amount', 'att_validated'), now)).toEqual([
      ATTACHMENT_ZERO_AMOUNT_CONFIRM,
    ]);
    const above = attachmentMoveConfirmations(
      facts({ attachmentsTotal: '1000.01' }),
      move('att_validating_amount', 'att_validated'),
      now,
    );
    expect(above).toHaveLength(1);
    expect(above[0]).toBe(
      'Attention le total des attachements de la commande (1\u00a0000,01\u00a0€) dépasse le montant de la commande (1\u00a0000,00\u00a0€). Souhaitez-vous continuer ?',
    );
  });

  it('rule 3: sending to amount validation beyond the order total', () => {
    expect(
      attachmentMoveConfirmations(facts({ attachmentsTotal: '1200.00' }), move('att_validating', 'att_validating_amount'), now),
    ).toHaveLength(1);
    expect(
      attachmentMoveConfirmations(facts({ attachmentsTotal: '1000.00' }), move('att_validating', 'att_validating_amount'), now),
    ).toEqual([]);
  });

  it('rule 4: submitting at zero, or reaching the order total without the DGD box', () => {
    for (const target of ['att_validating', 'att_validation_sst']) {
      expect(attachmentMoveConfirmations(facts({ amount: '0' }), move('att_draft', target), now)).toEqual([
        ATTACHMENT_ZERO_AMOUNT_CONFIRM,
      ]);
      const reaching = attachmentMoveConfirmations(facts({ attachmentsTotal: '1000.00' }), move('att_draft', target), now);
      expect(reaching).toHaveLength(1);
      expect(reaching[0]).toContain('DGD');
      expect(reaching[0]).toContain('(1\u00a0000,00\u00a0€) atteint le montant de la commande (1\u00a0000,00\u00a0€)');
      expect(
        attachmentMoveConfirmations(facts({ attachmentsTotal: '1000.00', isDGD: true }), move('att_draft', target), now),
      ).toEqual([]);
    }
  });

  it('rule 5: validating when another attachment of the order was presented within 30 days', () => {
    const recent = facts({ lastOtherPresentedAt: '2026-03-01T12:00:00Z' });
    expect(attachmentMoveConfirmations(recent, move('att_validating', 'att_validated'), now)).toEqual([
      ATTACHMENT_RECENTLY_PRESENTED_CONFIRM,
    ]);
    const old = facts({ lastOtherPresentedAt: '2026-02-28T11:59:59Z' });
    expect(attachmentMoveConfirmations(old, move('att_validating', 'att_validated'), now)).toEqual([]);
  });

  it('counts the repeat window as 30 days or less', () => {
    expect(withinRepeatWindow(null, now)).toBe(false);
    expect(withinRepeatWindow('2026-03-01T12:00:00Z', now)).toBe(true);
    expect(withinRepeatWindow('2026-03-01T11:59:59Z', now)).toBe(false);
  });
});
