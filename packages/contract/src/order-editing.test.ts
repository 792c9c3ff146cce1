import { describe, expect, it } from 'vitest';
import {
  attachmentCreationAllowed,
  editableOrderFields,
  missingRequiredFields,
  ORDER_FORM_FIELDS,
  type OrderEditContext,
  orderHeaderActions,
  releaseDateTooEarly,
  showsEmitterFields,
} from './order-editing.js';

type Facts = Parameters<typeof editableOrderFields>[0];

function order(overrides: Partial<Facts> = {}): Facts {
  return {
    locked: false,
    sentSST: false,
    oracleId: null,
    marketDepositType: 'basic',
    total: '1200.00',
    threshold: null,
    statusWF: { nodeId: 1, nodeName: 'Brouillon', nodeCode: 'os_draft', updatedAt: '2025-01-01T00:00:00Z' },
    ...overrides,
  };
}

const EDITING: OrderEditContext = { editing: true, financial: true, oracleProject: 4, oracleEmitterProject: 5 };

function node(nodeCode: string): Facts['statusWF'] {
  return { nodeId: 2, nodeName: nodeCode, nodeCode, updatedAt: '2025-01-01T00:00:00Z' };
}

describe('editableOrderFields (spec 2 §4-§5)', () => {
  it('leaves nothing editable outside edit mode', () => {
    expect([...editableOrderFields(order(), { ...EDITING, editing: false })]).toEqual([]);
  });

  it('opens every field but the retention type to a financial user on a draft whose market has no threshold', () => {
    const editable = editableOrderFields(order(), EDITING);
    expect(ORDER_FORM_FIELDS.filter((field) => !editable.has(field))).toEqual(['depositType']);
  });

  it('keeps the financial fields read-only without the option serviceorders.edit_financial_info', () => {
    const editable = editableOrderFields(order(), { ...EDITING, financial: false });
    for (const field of [
      'name',
      'imputation',
      'oracleProject',
      'oracleTask',
      'oracleEmitterProject',
      'oracleEmitterTask',
      'releaseDate',
    ] as const) {
      expect(editable.has(field), field).toBe(false);
    }
    expect(editable.has('mainClient')).toBe(true);
    expect(editable.has('endDate')).toBe(true);
  });

  it('freezes the complement once the order was sent to the subcontractor', () => {
    expect(editableOrderFields(order({ sentSST: true }), EDITING).has('name')).toBe(false);
    expect(editableOrderFields(order({ sentSST: true }), EDITING).has('imputation')).toBe(true);
  });

  it('freezes the ERP and emitter fields once the order has an ERP id', () => {
    const editable = editableOrderFields(order({ oracleId: 'PO-42' }), EDITING);
    for (const field of ['oracleProject', 'oracleTask', 'oracleEmitterProject', 'oracleEmitterTask'] as const) {
      expect(editable.has(field), field).toBe(false);
    }
    expect(editable.has('imputation')).toBe(true);
  });

  it('keeps each task read-only until its project is chosen', () => {
    const editable = editableOrderFields(order(), { ...EDITING, oracleProject: null, oracleEmitterProject: null });
    expect(editable.has('oracleProject')).toBe(true);
    expect(editable.has('oracleTask')).toBe(false);
    expect(editable.has('oracleEmitterTask')).toBe(false);
  });

  it('gives a locked order its follow-up only (follower-edition mode)', () => {
    const editable = editableOrderFields(order({ locked: true }), EDITING);
    expect([...editable].sort()).toEqual(['deliveryDate', 'executionPeriod', 'follower', 'observation']);
  });

  it('lets the retention type be chosen only on a with-threshold market, below the threshold, outside SST validation', () => {
    const below = { marketDepositType: 'withThreshold' as const, threshold: '5000.00', total: '4999.99' };
    expect(editableOrderFields(order(below), EDITING).has('depositType')).toBe(true);
    expect(editableOrderFields(order({ ...below, total: '5000.00' }), EDITING).has('depositType')).toBe(false);
    expect(editableOrderFields(order({ ...below, total: '12000.5' }), EDITING).has('depositType')).toBe(false);
    expect(editableOrderFields(order({ ...below, statusWF: node('os_validation_sst') }), EDITING).has('depositType')).toBe(false);
    expect(editableOrderFields(order({ ...below, marketDepositType: 'basic' }), EDITING).has('depositType')).toBe(false);
    expect(editableOrderFields(order({ ...below, locked: true }), EDITING).has('depositType')).toBe(false);
  });
});

describe('missingRequiredFields (spec 2 §5 Order save)', () => {
  const complete = {
    name: 'Raccordement',
    oracleTask: 3,
    endDate: '2026-12-31',
    follower: 7,
    oracleEmitterProject: null,
    oracleEmitterTask: null,
  };

  it('finds nothing missing on a complete order', () => {
    expect(missingRequiredFields(complete)).toEqual([]);
  });

  it('names the complement, ERP task, completion date and follower left empty', () => {
    expect(missingRequiredFields({ ...complete, name: '  ', oracleTask: null, endDate: '', follower: undefined })).toEqual([
      'name',
      'oracleTask',
      'endDate',
      'follower',
    ]);
  });

  it('needs the emitter task once an emitter project is chosen', () => {
    expect(missingRequiredFields({ ...complete, oracleEmitterProject: 5 })).toEqual(['oracleEmitterTask']);
    expect(missingRequiredFields({ ...complete, oracleEmitterProject: 5, oracleEmitterTask: 9 })).toEqual([]);
  });
});

describe('releaseDateTooEarly', () => {
  it('refuses a release date on or before the order date, and accepts none', () => {
    expect(releaseDateTooEarly('2025-03-01', '2025-03-01')).toBe(true);
    expect(releaseDateTooEarly('2025-02-28', '2025-03-01')).toBe(true);
    expect(releaseDateTooEarly('2025-03-02', '2025-03-01')).toBe(false);
    expect(releaseDateTooEarly('', '2025-03-01')).toBe(false);
    expect(releaseDateTooEarly(null, '2025-03-01')).toBe(false);
  });
});

describe('showsEmitterFields', () => {
  it('shows the emitter fields only for a market paid internally', () => {
    expect(showsEmitterFields({ paymentTypeCode: 'payment_internal' })).toBe(true);
    expect(showsEmitterFields({ paymentTypeCode: 'payment_transfer' })).toBe(false);
    expect(showsEmitterFields({ paymentTypeCode: null })).toBe(false);
  });
});

describe('orderHeaderActions (spec 2 "Service order detail", §6)', () => {
  const all = { canUpdate: true, canDelete: true, canDownload: true };
  const draft = { locked: false, oracleId: null, statusWF: node('os_draft') };

  it('offers edit, delete, import and the PDF on a draft to a user with every right', () => {
    expect(orderHeaderActions(draft, all)).toEqual({
      edit: true,
      followUpEdit: false,
      delete: true,
      import: true,
      sendToErp: false,
      pdf: true,
    });
  });

  it('deletes only in draft, with the delete right', () => {
    expect(orderHeaderActions({ ...draft, statusWF: node('os_validation_cdp') }, all).delete).toBe(false);
    expect(orderHeaderActions(draft, { ...all, canDelete: false }).delete).toBe(false);
  });

  it('shows nothing that changes the order without the update right', () => {
    const shown = orderHeaderActions({ ...draft, statusWF: node('os_validated') }, { ...all, canUpdate: false });
    expect(shown).toMatchObject({ edit: false, followUpEdit: false, import: false, sendToErp: false });
  });

  it('turns Edit into the follow-up edition and hides Import on a locked order', () => {
    expect(orderHeaderActions({ ...draft, locked: true }, all)).toMatchObject({ edit: false, followUpEdit: true, import: false });
  });

  it('sends to the ERP only a validated order without ERP id', () => {
    expect(orderHeaderActions({ ...draft, statusWF: node('os_validated') }, all).sendToErp).toBe(true);
    expect(orderHeaderActions({ ...draft, statusWF: node('os_validated'), oracleId: 'PO-1' }, all).sendToErp).toBe(false);
    expect(orderHeaderActions({ ...draft, statusWF: node('os_validation_sst') }, all).sendToErp).toBe(false);
  });

  it('shows the PDF only with the download or financial option', () => {
    expect(orderHeaderActions(draft, { ...all, canDownload: false }).pdf).toBe(false);
  });
});

describe('attachmentCreationAllowed (spec 2 §4)', () => {
  const validated = order({ statusWF: node('os_validated') });
  const allowed = { editing: false, canCreate: true };

  it('allows the creation on a validated order with the create right, also in the normal edit mode', () => {
    expect(attachmentCreationAllowed(validated, allowed)).toBe(true);
    expect(attachmentCreationAllowed(validated, { ...allowed, editing: true })).toBe(true);
  });

  it('refuses it before validation, on a closed order, and without the right', () => {
    for (const code of ['os_draft', 'os_validation_cdp', 'os_validation_sst', 'os_closed']) {
      expect(attachmentCreationAllowed(order({ statusWF: node(code) }), allowed)).toBe(false);
    }
    expect(attachmentCreationAllowed(order({ statusWF: null }), allowed)).toBe(false);
    expect(attachmentCreationAllowed(validated, { ...allowed, canCreate: false })).toBe(false);
  });

  it('refuses it while the follower edition of a locked order is open', () => {
    const locked = order({ locked: true, statusWF: node('os_validated') });
    expect(attachmentCreationAllowed(locked, allowed)).toBe(true);
    expect(attachmentCreationAllowed(locked, { ...allowed, editing: true })).toBe(false);
  });
});
