import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, newPage, screenshot, signIn } from '../support/browser.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

const PDF = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n';

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const isForm = init.body instanceof FormData;
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

const tokenOf = async (username: string) =>
  (await api<{ token: string }>('/login', null, { method: 'POST', body: { username, password: username } })).token;

/** The administrator uploads a PDF on a project: its token starts on the document workflow's draft node. */
async function uploadDocument(adminToken: string, projectId: number, fileName: string): Promise<number> {
  const form = new FormData();
  form.append('type', '1');
  form.append('entity', 'project');
  form.append('id', String(projectId));
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), fileName);
  return (await api<{ id: number }>('/document', adminToken, { method: 'POST', body: form })).id;
}

type DashboardNode = { workflowId: number; workflowCode: string; nodeId: number; nodeCode: string; haveToDo: number };

function tokenRow(page: Page, fileName: string): Locator {
  return page.locator('.isf-node-tokens tbody tr').filter({ hasText: fileName });
}

describe('the workflow screens', () => {
  it('lets a subcontractor with pending actions move two documents in parallel, each with its own comment', async () => {
    const admin = await tokenOf('admin');
    const sst = await tokenOf('sst');
    // a project of the subcontractor's scope (visibility 4: their projects)
    const projects = await api<{ content: { id: number; name: string }[] }>('/projects?size=1', sst);
    const project = projects.content[0];
    expect(project, 'the subcontractor sees a project').toBeDefined();
    const files = [`avenant-${unique}.pdf`, `attestation-${unique}.pdf`, `planning-${unique}.pdf`];
    const documentIds: number[] = [];
    for (const file of files) {
      documentIds.push(await uploadDocument(admin, project?.id ?? 0, file));
    }
    const nodes = await api<DashboardNode[]>('/dashboard/nodes', sst);
    const draft = nodes.find((node) => node.nodeCode === 'doc_draft');
    expect(draft?.haveToDo).toBeGreaterThanOrEqual(3);

    const page = await newPage(browser());
    await signIn(page, 'sst');
    const tasks = page.locator('.ant-card').filter({ hasText: 'Mes tâches' }).first();
    // by address: the attachments' draft is called Brouillon too
    await tasks.locator(`a[href="#/node/${draft?.nodeId}?filter=haveToDo"]`).waitFor();
    // the subcontractor-style home (its role has serviceorders.display_sst_validation_in_dashboard): the orders
    // awaiting its validation instead of the staff's process table
    await page.getByRole('region', { name: 'Commandes en attente de votre validation' }).waitFor();
    await page.locator('.ant-card').filter({ hasText: 'Commandes en cours' }).first().waitFor();
    expect(await page.getByRole('table', { name: 'Processus en cours' }).count()).toBe(0);
    await screenshot(page, 'workflow-home-dashboard');

    // opened without a filter in the address: My tasks is the default for a user with pending actions
    await page.goto(`${baseUrl()}/#/node/${draft?.nodeId}`);
    await page.getByRole('heading', { name: /Document : Brouillon/ }).waitFor();
    await expect.poll(() => page.locator('.isf-node-filter .ant-segmented-item-selected').textContent()).toMatch(/^Mes tâches/);
    await tokenRow(page, files[0] ?? '').waitFor();
    await tokenRow(page, files[1] ?? '')
      .getByRole('checkbox')
      .check();
    await tokenRow(page, files[0] ?? '')
      .getByRole('checkbox')
      .check();
    await page.getByRole('textbox', { name: `Commentaire pour ${files[0]}` }).fill('Avenant signé par le client');
    await page.getByRole('textbox', { name: `Commentaire pour ${files[1]}` }).fill('Attestation URSSAF à jour');
    await screenshot(page, 'workflow-node-selection');
    await page.getByRole('button', { name: 'Envoyer en validation' }).click();

    const results = page.getByRole('list', { name: 'Résultat par élément' });
    await results.waitFor();
    await page.getByText('2 élément(s) sur 2 déplacé(s)').waitFor();
    expect(await results.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([
        `${files[0]} : passé à l’étape « En attente de validation »`,
        `${files[1]} : passé à l’étape « En attente de validation »`,
      ]),
    );
    // both left the node; the third, not selected, stays
    await tokenRow(page, files[0] ?? '').waitFor({ state: 'detached' });
    await tokenRow(page, files[1] ?? '').waitFor({ state: 'detached' });
    await tokenRow(page, files[2] ?? '').waitFor();
    await screenshot(page, 'workflow-node-moved');

    const comments = [];
    for (const id of documentIds.slice(0, 2)) {
      const token = await api<{ node: { nodeCode: string } }>(`/wftoken/document/${id}`, admin);
      expect(token.node.nodeCode).toBe('doc_pending_validation');
      const history = await api<{ comment: string | null; creator: { name: string } }[]>(
        `/wftoken/history/document/${id}`,
        admin,
      );
      comments.push(history.at(-1)?.comment);
      expect(history.at(-1)?.creator.name).toBe('Sacha Sous-traitant');
    }
    expect(comments).toEqual(['Avenant signé par le client', 'Attestation URSSAF à jour']);
    await page.context().close();
  });

  it('draws the flowcharts; a click on a step opens its node screen', async () => {
    const admin = await tokenOf('admin');
    const nodes = await api<DashboardNode[]>('/dashboard/nodes', admin);
    const workflowOf = (code: string) => nodes.find((node) => node.workflowCode === code)?.workflowId ?? 0;
    const page = await newPage(browser());
    await signIn(page, 'admin');

    await page.goto(`${baseUrl()}/#/wf/${workflowOf('document')}`);
    await page.getByRole('heading', { name: 'Workflow : Document' }).waitFor();
    const flowchart = page.getByTestId('workflow-flowchart');
    await expect.poll(() => flowchart.locator('.react-flow__node').count()).toBe(5);
    await expect.poll(() => flowchart.locator('.react-flow__edge').count()).toBe(6);
    await flowchart.getByText('Envoyer en validation').waitFor();
    await screenshot(page, 'workflow-flowchart-document');

    for (const code of ['service_order', 'attachement', 'subcontractor_market', 'envelope']) {
      await page.goto(`${baseUrl()}/#/wf/${workflowOf(code)}`);
      await page.getByRole('heading', { name: /^Workflow : / }).waitFor();
      await expect.poll(() => flowchart.locator('.react-flow__node').count()).toBeGreaterThan(3);
      await screenshot(page, `workflow-flowchart-${code}`);
    }

    await page.goto(`${baseUrl()}/#/wf/${workflowOf('document')}`);
    await flowchart.locator('.react-flow__node').filter({ hasText: 'En attente de validation' }).click();
    await page.getByRole('heading', { name: /Document : En attente de validation/ }).waitFor();
    await page.context().close();
  });

  it('opens a document’s workflow panel from its owner and asks a comment before a return to draft', async () => {
    const admin = await tokenOf('admin');
    const projects = await api<{ content: { id: number }[] }>('/projects?size=1', admin);
    const projectId = projects.content[0]?.id ?? 0;
    const file = `plan-${unique}.pdf`;
    await uploadDocument(admin, projectId, file);
    const page = await newPage(browser());
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/project/${projectId}`);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: `Workflow de ${file}` }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `Workflow : ${file}` });
    await drawer.getByRole('button', { name: 'Envoyer en validation' }).click();
    await drawer.getByText('Brouillon → En attente de validation').waitFor();
    await drawer.getByRole('button', { name: 'Refuser' }).click();
    await dialog(page, 'au moins 5 caractères').getByRole('button', { name: 'OK' }).click();
    await drawer.getByRole('textbox', { name: 'Commentaire' }).fill('Plan non coté');
    await drawer.getByRole('button', { name: 'Refuser' }).click();
    await drawer.getByText('En attente de validation → Refusé').waitFor();
    await drawer.getByText('Plan non coté').waitFor();
    await screenshot(page, 'workflow-document-panel');
    await page.context().close();
  });
});
