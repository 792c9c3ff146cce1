import type { ItemTransition, ListReply, NodeTokenRow, NodeTransition } from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTypes, projects } from '../src/db/schema/index.js';
import { createTestApp, inject, login } from './helper.js';
import { expectStatus, newDocument, nodesOf, seededWorkflow } from './workflow-fixtures.js';

const testApp = await createTestApp();
const { app, db } = testApp;
const admin = await login(app, 'admin', 'admin');
const documentWorkflow = await seededWorkflow(db, 'document');
const documentNodes = await nodesOf(db, documentWorkflow.id);
const draftNode = documentNodes.get('doc_draft') ?? 0;

afterAll(async () => {
  await testApp.close();
});

async function get<Reply>(url: string, query?: Record<string, string>): Promise<Reply> {
  const response = await inject(app, { method: 'GET', url, token: admin, query });
  expectStatus(response, 200);
  return response.json<Reply>();
}

describe('the node screen’s token table', () => {
  it('adds the document columns: file name, type and owner, which filter like the others', async () => {
    const { documentId, projectId } = await newDocument(app, db, admin);
    const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
    const [type] = await db.select({ name: documentTypes.name }).from(documentTypes).where(eq(documentTypes.id, 1));
    const reply = await get<ListReply<NodeTokenRow>>(`/api/node/${draftNode}/tokens`, {
      filter: 'all',
      filters: JSON.stringify({ ownerName: project?.name ?? '' }),
    });
    expect(reply.totalElements).toBe(1);
    expect(reply.content[0]).toMatchObject({
      entityName: 'document',
      entityId: documentId,
      filename: 'piece.pdf',
      typeName: type?.name,
      ownerEntity: 'project',
      ownerId: projectId,
      ownerName: project?.name,
    });
  });

  it('shows the document’s workflow node as its statusWF in the owner’s documents', async () => {
    const { projectId } = await newDocument(app, db, admin);
    const listed = await get<{ statusWF: string | null }[]>('/api/documents', { entity: 'project', id: String(projectId) });
    expect(listed.map((document) => document.statusWF)).toEqual(['Brouillon']);
  });
});

describe('transitions and their target node', () => {
  it('name the target node’s code and type, so the client chooses its pre-checks', async () => {
    const pendingNode = documentNodes.get('doc_pending_validation') ?? 0;
    const fromPending = await get<NodeTransition[]>(`/api/node/${pendingNode}/transitions`);
    expect(fromPending.find((transition) => transition.transitionCode === 'doc_to_refused')).toMatchObject({
      toNodeCode: 'doc_refused',
      toNodeName: 'Refusé',
      toNodeType: 3,
    });

    const { documentId } = await newDocument(app, db, admin);
    const available = await get<ItemTransition[]>(`/api/node/${draftNode}/transitions/${documentId}`);
    expect(available).toEqual([
      expect.objectContaining({
        transitionCode: 'doc_submit_to_validation',
        toNodeCode: 'doc_pending_validation',
        toNodeType: 2,
        onBehalfOf: null,
      }),
    ]);
  });
});
