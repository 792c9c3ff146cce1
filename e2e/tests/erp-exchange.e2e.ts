import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiCall, tokenOf } from '../support/api.js';
import { baseUrl, dialog, newPage, screenshot, signIn } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

type Page_<Row> = { content: Row[] };
type OrderRow = { id: number; name: string; reference: string };
type OrderDetail = { id: number; reference: string; oracleStatus: string; oracleId: string | null; locked: boolean };

function workflowPanel(page: Page, workflow: string): Locator {
  return page.getByRole('region', { name: `Workflow ${workflow}` });
}

/** The ERP status block of a detail (its tag, its ERP id, its errors). */
const erpStatus = (page: Page) => page.getByTestId('erp-status');

describe('ERP exchange', () => {
  it('sends the order the subcontractor validates (sending, then SUCCESS with its ERP id, locked) and an attachment receipt', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const sst = await tokenOf('sst');
    const waiting = await api<Page_<OrderRow>>('/orders?size=50&filter=all', sst);
    const order = waiting.content.find((row) => row.name.includes('Pose chambres L2T avenue Thiers'));
    expect(order, 'the demo order waiting for the subcontractor').toBeDefined();
    const orderId = order?.id ?? 0;

    // --- the subcontractor accepts the order: it goes to the ERP by itself
    const subcontractor = await newPage(browser());
    await signIn(subcontractor, 'sst');
    await subcontractor.goto(`${baseUrl()}/#/sst/order/${orderId}`);
    const panel = workflowPanel(subcontractor, 'Ordre de service');
    await panel.getByRole('button', { name: 'Accepter la commande', exact: true }).click();
    await expect.poll(() => panel.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe('Validée');
    await expect
      .poll(() => erpStatus(subcontractor).textContent(), { timeout: 15_000 })
      .toMatch(/Envoi à Oracle en cours|envoyée à Oracle/);
    await screenshot(subcontractor, 'erp-01-order-sending');
    await expect
      .poll(() => erpStatus(subcontractor).textContent(), { timeout: 60_000 })
      .toBe('La commande a été envoyée à Oracle avec succès et ne peut plus être modifiée dans ISF !');
    const sent = await api<OrderDetail>(`/order/${orderId}`, admin);
    expect(sent).toMatchObject({ oracleStatus: 'SUCCESS', locked: true, oracleId: expect.stringMatching(/^PO\d+$/) });
    await expect.poll(() => subcontractor.getByTestId('erp-id').textContent()).toBe(`Identifiant Oracle : ${sent.oracleId}`);
    await screenshot(subcontractor, 'erp-02-order-sent');

    // --- locked: an administrator's save is refused with the spec's text
    const admins = await newPage(browser());
    await signIn(admins, 'admin');
    await admins.goto(`${baseUrl()}/#/sst/order/${orderId}`);
    await expect.poll(() => erpStatus(admins).textContent(), { timeout: 15_000 }).toContain('envoyée à Oracle avec succès');
    await expect.poll(() => admins.getByRole('button', { name: /Envoyer à Oracle|Envoyer à l'ERP/ }).count()).toBe(0);

    // --- an attachment of the order (presented and validated through the API), its receipt sent from its detail
    const attachment = await api<{ id: number }>('/attachement', admin, { order: orderId, observation: 'Réception ERP' });
    const [first] = await api<{ prestation: number; lineId: number | null }[]>(
      `/attachement/${attachment.id}/prestations?displayAll=false`,
      admin,
    );
    expect(first).toBeDefined();
    const current = await api<{ version: number; observation: string; isDGD: boolean }>(`/attachement/${attachment.id}`, admin);
    await apiCall('PUT', `/attachement/${attachment.id}`, admin, {
      version: current.version,
      observation: current.observation,
      isDGD: current.isDGD,
      prestationAttachements: [{ prestation: first?.prestation, quantity: '1', id: first?.lineId ?? null }],
    });
    for (const code of ['att_submit_to_cdp', 'att_to_validated']) {
      const token = await api<{ id: number; version: number; node: { id: number } }>(
        `/wftoken/attachement/${attachment.id}`,
        admin,
      );
      const transitions = await api<{ id: number; transitionCode: string }[]>(
        `/node/${token.node.id}/transitions/${attachment.id}`,
        admin,
      );
      const transition = transitions.find((entry) => entry.transitionCode === code);
      expect(transition, code).toBeDefined();
      await api(`/wftoken/move/${token.id}/${transition?.id}`, admin, { version: token.version });
    }
    await admins.goto(`${baseUrl()}/#/sst/attachement/${attachment.id}`);
    await admins.getByRole('button', { name: 'Envoyer à Oracle' }).click();
    const confirm = dialog(admins, 'Êtes-vous sûr de vouloir envoyer cet attachement à Oracle ?');
    await confirm.getByRole('button', { name: /OK|Oui|Confirmer/ }).click();
    await expect.poll(() => erpStatus(admins).textContent(), { timeout: 60_000 }).toBe('Envoyé');
    const received = await api<{ oracleId: string | null; oracleStatus: string }>(`/attachement/${attachment.id}`, admin);
    expect(received).toMatchObject({ oracleStatus: 'SUCCESS', oracleId: expect.stringMatching(/^RCV\d+$/) });
    await expect.poll(() => admins.getByTestId('erp-id').textContent()).toBe(`Identifiant Oracle : ${received.oracleId}`);
    await screenshot(admins, 'erp-03-receipt-sent');
  });
});
