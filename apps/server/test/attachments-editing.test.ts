import {
  ATTACHMENT_CSV_HEADERS,
  ATTACHMENT_DELETE_MESSAGE,
  ATTACHMENT_DOCUMENT_DELETE_MESSAGE,
  ATTACHMENT_LOCKED_MESSAGE,
  ATTACHMENT_PAYMENT_STARTED_MESSAGE,
  ATTACHMENT_VALIDATED_EDIT_MESSAGE,
  ROLE_OPTIONS,
} from '@isf/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, workflowTokens } from '../src/db/schema/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { attachmentSuite } from './attachment-suite.js';
import { actingAs, countRows, inject } from './helper.js';
import { multipart } from './multipart.js';
import { csvFile, importForm } from './price-schedules-fixtures.js';

const suite = attachmentSuite();
const { send, price, lineTotal } = suite;

/** A profile with every right and option except attachements.cannot_edit_after_validation. */
async function editorAfterValidation() {
  return actingAs(suite.testApp, {
    ...ALL_RIGHTS,
    options: ROLE_OPTIONS.filter((option) => option !== 'attachements.cannot_edit_after_validation'),
    visibility: 1,
  });
}

describe('editing rules (docs/decisions.md "Attachments")', () => {
  it('freezes a validated attachment for the cannot_edit_after_validation option, and every one once payment starts', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    await suite.fx.validate(id);
    // the administrator holds every option, this one included
    const detail = await suite.fx.detail(id);
    expect(detail).toMatchObject({ editable: false, editRefusal: ATTACHMENT_VALIDATED_EDIT_MESSAGE });
    const refused = await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '2' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_VALIDATED_EDIT_MESSAGE);

    const editor = await editorAfterValidation();
    expect((await suite.fx.detail(id, editor.token)).editable).toBe(true);
    const allowed = await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '2' }], editor.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().record.amount).toBe(lineTotal(0, '2').toFixed(2));

    const moved = await suite.fx.move('attachement', id, 'att_to_prepared', 'att_prepared_for_payment');
    expect(moved.statusCode, moved.body).toBe(200);
    const afterPayment = await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '3' }], editor.token);
    expect(afterPayment.statusCode).toBe(422);
    expect(afterPayment.json().error).toBe(ATTACHMENT_PAYMENT_STARTED_MESSAGE);
  });

  it('refuses any change to a locked attachment, and its import', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const id = await suite.fx.attachment(order);
    await suite.db.update(attachments).set({ locked: true }).where(eq(attachments.id, id));
    const refused = await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_LOCKED_MESSAGE);
    const form = importForm(csvFile([[...ATTACHMENT_CSV_HEADERS]]));
    const imported = await inject(suite.app, {
      method: 'POST',
      url: `/api/attachement/${id}/import`,
      token: suite.admin,
      payload: form.payload,
      headers: form.headers,
    });
    expect(imported.statusCode).toBe(422);
    expect(imported.json().error).toBe(ATTACHMENT_LOCKED_MESSAGE);
    expect((await send('DELETE', `/api/attachement/${id}/delete`)).statusCode).toBe(422);
  });

  it('deletes a draft or a refused attachment, never one under validation', async () => {
    const order = await suite.fx.validatedOrder(suite.market);
    const draft = await suite.fx.attachment(order);
    const validating = await suite.fx.attachment(order);
    const refused = await suite.fx.attachment(order);
    await suite.fx.move('attachement', validating, 'att_submit_to_cdp', 'att_validating');
    await suite.fx.refuse(refused);
    const notDeleted = await send('DELETE', `/api/attachement/${validating}/delete`);
    expect(notDeleted.statusCode).toBe(422);
    expect(notDeleted.json().error).toBe(ATTACHMENT_DELETE_MESSAGE);
    for (const id of [draft, refused]) {
      expect((await send('DELETE', `/api/attachement/${id}/delete`)).json()).toEqual({ success: true });
      expect((await send('GET', `/api/attachement/${id}`)).statusCode).toBe(404);
      expect(
        await countRows(
          suite.db,
          workflowTokens,
          and(eq(workflowTokens.entityName, 'attachement'), eq(workflowTokens.entityId, id)),
        ),
      ).toBe(0);
    }
  });

  it('keeps an attachment’s documents while in draft or validation, in the attachment’s scope', async () => {
    const order = await suite.fx.validatedOrder(suite.market, ['10']);
    const id = await suite.fx.attachment(order);
    await suite.fx.saveLines(id, [{ prestation: price(0).prestation, quantity: '1' }]);
    const upload = async () => {
      const body = multipart([
        { name: 'type', value: '1' },
        { name: 'entity', value: 'attachement' },
        { name: 'id', value: String(id) },
        { name: 'file', fileName: 'pv.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      const uploaded = await inject(suite.app, { method: 'POST', url: '/api/document', token: suite.admin, ...body });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return Number(uploaded.json().id);
    };
    const draftDocument = await upload();
    expect((await send('DELETE', `/api/document/${draftDocument}`)).statusCode).toBe(200);
    const kept = await upload();
    await suite.fx.validate(id);
    const refused = await send('DELETE', `/api/document/${kept}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(ATTACHMENT_DOCUMENT_DELETE_MESSAGE);
    const hidden = await inject(suite.app, {
      method: 'GET',
      url: '/api/documents',
      query: { entity: 'attachement', id: String(id) },
      token: (await actingAs(suite.testApp, { read: ['attachement', 'document'], visibility: 2 })).token,
    });
    expect(hidden.statusCode).toBe(404);
  });
});
