import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications, workflowTransitions } from '../src/db/schema/index.js';
import { actingAs, createTestApp, login, userIdOf } from './helper.js';
import { expectStatus, grant, move, newDocument, seededWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const adminId = await userIdOf(db, 'admin');
const documentWorkflow = await seededWorkflow(db, 'document');

afterAll(async () => {
  await testApp.close();
});

async function transition(code: string): Promise<number> {
  const [row] = await db
    .select({ id: workflowTransitions.id })
    .from(workflowTransitions)
    .where(and(eq(workflowTransitions.workflowId, documentWorkflow.id), eq(workflowTransitions.code, code)));
  return Number(row?.id);
}

/** The notifications of a user about one document. */
async function notificationsOf(userId: number, documentId: number) {
  return db
    .select({ template: notifications.template, context: notifications.context, creatorId: notifications.creatorId })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.context}->>'entity' = 'document'`,
        sql`(${notifications.context}->>'entityId')::int = ${documentId}`,
      ),
    );
}

describe('workflow notifications', () => {
  it('tell the profiles who must act that an item reached their tasks, and the creator that it was refused', async () => {
    const validator = await actingAs(testApp, { read: ['document', 'project'], visibility: 1 });
    const outOfScope = await actingAs(testApp, { read: ['document', 'project'], visibility: 2 });
    const [toValidated, toRefused, submit] = await Promise.all([
      transition('doc_to_validated'),
      transition('doc_to_refused'),
      transition('doc_submit_to_validation'),
    ]);
    await grant(db, validator.roleId, { transitions: [toValidated, toRefused] });
    await grant(db, outOfScope.roleId, { transitions: [toValidated, toRefused] });

    const { documentId, tokenId } = await newDocument(app, db, admin);
    expectStatus(await move(app, admin, tokenId, submit), 200);

    const assigned = await notificationsOf(validator.userId, documentId);
    expect(assigned).toEqual([
      {
        template: 'WORKFLOW_TASK_ASSIGNED',
        creatorId: adminId,
        context: expect.objectContaining({
          entity: 'document',
          entityId: documentId,
          label: expect.stringContaining('piece.pdf'),
          workflowName: expect.any(String),
          nodeName: 'En attente de validation',
        }),
      },
    ]);
    // visibility 2 without projects: the item is not in their scope, so not in their tasks
    expect(await notificationsOf(outOfScope.userId, documentId)).toEqual([]);
    // the mover is never told about their own move
    expect((await notificationsOf(adminId, documentId)).filter((row) => row.template === 'WORKFLOW_TASK_ASSIGNED')).toEqual([]);

    expectStatus(await move(app, validator.token, tokenId, toRefused, 'Pièce illisible, à rescanner'), 200);
    expect(await notificationsOf(adminId, documentId)).toEqual([
      {
        template: 'WORKFLOW_REFUSED',
        creatorId: validator.userId,
        context: expect.objectContaining({ comment: 'Pièce illisible, à rescanner', nodeName: 'Refusé' }),
      },
    ]);
  });

  it('are not written when the move is refused', async () => {
    const validator = await actingAs(testApp, { read: ['document', 'project'], visibility: 1 });
    const toRefused = await transition('doc_to_refused');
    await grant(db, validator.roleId, { transitions: [toRefused] });
    const { documentId, tokenId } = await newDocument(app, db, admin);
    expectStatus(await move(app, admin, tokenId, await transition('doc_submit_to_validation')), 200);
    // a refusal needs a comment of 5 characters: 422, nothing moves, nobody is told
    expectStatus(await move(app, validator.token, tokenId, toRefused, 'non'), 422);
    expect(await notificationsOf(adminId, documentId)).toEqual([]);
  });
});
