import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn, typeDate } from '../support/browser.js';
import { openPicker, pickIn, pickRow } from '../support/contracts.js';
import { installed, screenshotPdf, unique, useBrowser, useDownloadsDir } from '../support/journey.js';

const browser = useBrowser();
const downloads = useDownloadsDir('orders');

type OracleProject = { id: number; number: string; name: string };
type OracleTask = { id: number; number: string; name: string };

/**
 * A project of the subcontractor's scope (so it sees the order) charged to an Oracle project (an order
 * needs an ERP project and task): the first of its projects that the demo links to one, with that
 * Oracle project and its first task.
 */
async function projectWithOracle(adminToken: string, sstToken: string) {
  const projects = await api<{ content: { id: number; name: string }[] }>('/projects?size=50', sstToken);
  for (const project of projects.content) {
    const [oracleProject] = await api<OracleProject[]>(`/project/${project.id}/oracleprojects`, adminToken);
    if (oracleProject) {
      const [task] = await api<OracleTask[]>(`/oracle/project/${oracleProject.id}/tasks`, adminToken);
      if (task) {
        return { project, oracleProject, task };
      }
    }
  }
  throw new Error('no project of the subcontractor is linked to an Oracle project with a task');
}

/**
 * Picks the row holding `cell` in the picker opened by the n-th 'Choisir' button of a modal, first
 * filtering the picker's `filterColumn` by it when given (earlier journeys add rows beyond page one).
 */
async function pick(page: Page, modalTitle: string, index: number, pickerTitle: string, cell: string, filterColumn?: string) {
  const picker = await openPicker(page, dialog(page, modalTitle), index, pickerTitle);
  await (filterColumn ? pickIn(page, picker, cell, filterColumn) : pickRow(picker, cell));
}

async function chooseOption(page: Page, modalTitle: string, label: string, option: string) {
  await dialog(page, modalTitle).getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

function workflowPanel(page: Page, workflow: string): Locator {
  return page.getByRole('region', { name: `Workflow ${workflow}` });
}

/** Waits until the workflow panel shows the item on `node` (the status tag comes first, before the history). */
async function expectNode(panel: Locator, node: string) {
  await expect.poll(() => panel.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe(node);
}

/** Fires a transition from the workflow panel and waits for the item to reach `node`. */
async function move(panel: Locator, transition: string, node: string) {
  await panel.getByRole('button', { name: transition, exact: true }).click();
  await expectNode(panel, node);
}

/** The money as the screens write it, spaces of any kind removed: "52300,00€". */
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

describe('service orders', () => {
  it('orders on a new validated market beyond the CDP engagement: CDP, amount and subcontractor validations, then the PDF', {
    timeout: 240_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const sst = await tokenOf('sst');
    const { project, oracleProject, task } = await projectWithOracle(admin, sst);
    // the order's total (1 200 m × 38,50 € + 10 × 610,00 € = 52 300,00 €) is beyond the CDP's
    // authorization amount (50 000 € in the demo seed), so its CDP validation leads to amount validation
    const cdpEngagement = (await api<{ engagement: string }>('/user/profile', await tokenOf('cdp'))).engagement;
    expect(Number(cdpEngagement)).toBeLessThan(52_300);

    // --- the market, in the subcontractor's agency and project
    const edifice = `MARCHE-OS-${unique}`;
    const admins = await newPage(browser());
    admins.setDefaultTimeout(15_000);
    await signIn(admins, 'admin');
    await admins.goto(`${baseUrl()}/#/sst/markets`);
    await admins.getByRole('button', { name: 'Créer' }).click();
    const marketTitle = 'Nouveau marché';
    const marketModal = dialog(admins, marketTitle);
    await marketModal.getByLabel('Code Edifice').fill(edifice);
    await pick(admins, marketTitle, 0, 'Agence', 'Fibres Réseaux Aquitaine');
    await pick(admins, marketTitle, 1, 'Projet', project.name);
    await marketModal.getByLabel('Montant maximum DC4 (HT)').fill('250000');
    await chooseOption(admins, marketTitle, 'Type de paiement', 'Virement');
    await chooseOption(admins, marketTitle, 'Condition de paiement', '30 jours fin de mois');
    await marketModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(admins, /^#\/sst\/market\/\d+$/);
    const marketId = Number(admins.url().split('/').pop());
    await admins.getByRole('heading', { name: `Marché : ${edifice}` }).waitFor();

    // its BPU on the FTTH template, two prestations priced
    const bpuName = `BPU ${edifice}`;
    await admins.goto(`${baseUrl()}/#/sst/bpu`);
    await admins.getByRole('button', { name: 'Créer un BPU' }).click();
    await dialog(admins, 'Nouveau BPU').getByLabel('Nom').fill(bpuName);
    await pick(admins, 'Nouveau BPU', 0, 'Modèle de BPU', 'BPU FTTH 2025');
    await pick(admins, 'Nouveau BPU', 1, 'Marché', edifice, 'Code Edifice');
    await dialog(admins, 'Nouveau BPU').getByRole('button', { name: 'Créer' }).click();
    await expectHash(admins, /^#\/sst\/bpu\/\d+$/);
    await admins.getByRole('heading', { name: `BPU : ${bpuName}` }).waitFor();
    await admins.getByRole('tab', { name: 'Prestations' }).click();
    await admins.getByRole('button', { name: /^(edit )?Modifier$/ }).click();
    await admins.getByLabel('Prix de GC-001').fill('38,50');
    await admins.getByLabel('Prix de GC-021').fill('610');
    await admins.getByRole('button', { name: /^(save )?Enregistrer$/ }).click();
    await admins.getByText(/^2 prestations chiffrées sur \d+/).waitFor();

    // the market detail lists the BPU; the buyer sends it to the accountant
    await admins.goto(`${baseUrl()}/#/sst/market/${marketId}`);
    const bpus = admins.locator('.ant-card').filter({ has: admins.getByText('BPU du marché', { exact: true }) });
    await bpus.getByRole('link', { name: bpuName }).waitFor();
    const marketWorkflow = workflowPanel(admins, 'Marché sous-traitant');
    await expectNode(marketWorkflow, 'Brouillon');
    await screenshot(admins, 'orders-01-market-with-bpu');
    await move(marketWorkflow, 'Valider la création', 'En attente de validation comptable');

    // the accountant validates it
    const accountant = await newPage(browser());
    accountant.setDefaultTimeout(15_000);
    await signIn(accountant, 'comptable');
    await accountant.goto(`${baseUrl()}/#/sst/market/${marketId}`);
    await accountant.getByRole('heading', { name: `Marché : ${edifice}` }).waitFor();
    await move(workflowPanel(accountant, 'Marché sous-traitant'), 'Validation comptable', 'Validé');
    await accountant.context().close();

    // --- the order, created from the list on that market, charged to the Oracle project and task
    const orderTitle = 'Nouvelle commande';
    const complement = `Génie civil rue Sainte-Catherine ${unique}`;
    await admins.goto(`${baseUrl()}/#/sst/orders`);
    await admins.getByRole('button', { name: 'Créer' }).click();
    const orderModal = dialog(admins, orderTitle);
    await pick(admins, orderTitle, 0, 'Marché', edifice, 'Code Edifice');
    await orderModal.getByLabel('Complément').fill(complement);
    await typeDate(orderModal.getByLabel('Date de fin'), '18/12/2026');
    await chooseOption(admins, orderTitle, 'Projet Oracle', `${oracleProject.number} — ${oracleProject.name}`);
    await chooseOption(admins, orderTitle, 'Tâche Oracle', `${task.number} — ${task.name}`);
    expect(await orderModal.getByLabel('Suivi par').inputValue()).toMatch(/\(admin\)$/);
    await screenshot(admins, 'orders-02-create');
    await orderModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(admins, /^#\/sst\/order\/\d+$/);
    const orderId = Number(admins.url().split('/').pop());
    const { reference } = await api<{ reference: string }>(`/order/${orderId}`, admin);
    await admins.getByRole('heading', { name: `Commande ${reference}` }).waitFor();

    // quantities on the Prestations tab, saved
    await admins.getByRole('tab', { name: 'Prestations' }).click();
    await admins.getByText('Aucune prestation').waitFor();
    await admins.getByRole('button', { name: /^(edit )?Modifier$/ }).click();
    await admins.getByLabel('Quantité de GC-001').fill('1200');
    await admins.getByLabel('Quantité de GC-021').fill('10');
    const totalAmount = admins.getByTestId('order-prestations-total-amount');
    await expect.poll(async () => compact(await totalAmount.textContent())).toBe('52300,00€');
    await screenshot(admins, 'orders-03-quantities');
    await admins.getByRole('button', { name: /^(save )?Enregistrer$/ }).click();
    await admins.getByRole('button', { name: /^(edit )?Modifier$/ }).waitFor();
    // read mode: only the ordered lines
    const lines = admins.locator('.isf-order-prestations .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    expect(compact(await lines.filter({ hasText: 'GC-001' }).locator('td').last().textContent())).toBe('46200,00€');
    expect(compact(await lines.filter({ hasText: 'GC-021' }).locator('td').last().textContent())).toBe('6100,00€');
    expect(compact(await totalAmount.textContent())).toBe('52300,00€');
    expect((await api<{ total: string }>(`/order/${orderId}`, admin)).total).toBe('52300.00');

    // submitted to the project manager
    await admins.getByRole('tab', { name: 'Informations' }).click();
    const adminsOrderWorkflow = workflowPanel(admins, 'Ordre de service');
    await expectNode(adminsOrderWorkflow, 'Brouillon');
    await move(adminsOrderWorkflow, 'Soumettre au chef de projet', 'Validation chef de projet');

    // --- the CDP: beyond its engagement the order cannot go straight to the subcontractor
    const cdp = await newPage(browser());
    cdp.setDefaultTimeout(15_000);
    await signIn(cdp, 'cdp');
    await cdp.goto(`${baseUrl()}/#/sst/order/${orderId}`);
    await cdp.getByRole('heading', { name: `Commande ${reference}` }).waitFor();
    const cdpWorkflow = workflowPanel(cdp, 'Ordre de service');
    await expectNode(cdpWorkflow, 'Validation chef de projet');
    await cdpWorkflow.getByRole('button', { name: 'Envoyer au sous-traitant', exact: true }).click();
    const refusal = dialog(cdp, 'Action non effectuée');
    await refusal.getByText(/dépasse votre montant d'engagement/).waitFor();
    await screenshot(cdp, 'orders-04-cdp-beyond-engagement');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await refusal.waitFor({ state: 'hidden' });
    await expectNode(cdpWorkflow, 'Validation chef de projet');
    await cdpWorkflow.getByRole('textbox', { name: 'Commentaire' }).fill('Montant au-delà de mon engagement');
    await move(cdpWorkflow, 'Envoyer en validation du montant', 'Validation du montant');
    await cdp.context().close();

    // --- the amount validator moves it on to the subcontractor
    const validator = await newPage(browser());
    validator.setDefaultTimeout(15_000);
    await signIn(validator, 'valideur');
    await validator.goto(`${baseUrl()}/#/sst/order/${orderId}`);
    const validatorWorkflow = workflowPanel(validator, 'Ordre de service');
    await expectNode(validatorWorkflow, 'Validation du montant');
    await validatorWorkflow.getByText('Montant au-delà de mon engagement').waitFor();
    await screenshot(validator, 'orders-05-amount-validation');
    await move(validatorWorkflow, 'Valider le montant et envoyer au sous-traitant', 'Validation sous-traitant');
    await validator.context().close();

    // --- the subcontractor finds it on its home and accepts it
    const subcontractor = await newPage(browser());
    subcontractor.setDefaultTimeout(15_000);
    await signIn(subcontractor, 'sst');
    const awaiting = subcontractor.getByRole('region', { name: 'Commandes en attente de votre validation' });
    await awaiting.getByRole('link', { name: reference, exact: true }).click();
    await expectHash(subcontractor, `#/sst/order/${orderId}`);
    const sstWorkflow = workflowPanel(subcontractor, 'Ordre de service');
    await expectNode(sstWorkflow, 'Validation sous-traitant');
    await move(sstWorkflow, 'Accepter la commande', 'Validée');
    await screenshot(subcontractor, 'orders-06-accepted');
    await subcontractor.context().close();

    // --- validated, sent to the ERP; its PDF
    await admins.reload();
    await expectNode(adminsOrderWorkflow, 'Validée');
    // the order goes to the ERP by itself: sending, or already sent when the simulator answered first
    await expect
      .poll(() => admins.getByTestId('erp-status').textContent(), { timeout: 15_000 })
      .toMatch(/Envoi à Oracle en cours|envoyée à Oracle/);
    await screenshot(admins, 'orders-07-validated');
    const [download] = await Promise.all([
      admins.waitForEvent('download'),
      admins.getByRole('button', { name: 'Télécharger le PDF' }).click(),
    ]);
    const pdfPath = path.join(downloads, download.suggestedFilename() || 'order.pdf');
    await download.saveAs(pdfPath);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (installed('pdftotext')) {
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain(reference);
      expect(text).toContain('GC-021');
    }
    screenshotPdf(pdfPath, 'orders-08-pdf');
    await admins.context().close();
  });
});
