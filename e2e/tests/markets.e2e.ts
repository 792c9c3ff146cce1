import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn } from '../support/browser.js';
import { openPicker, pickRow } from '../support/contracts.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** Picks the row holding `cell` in the picker opened by the n-th 'Choisir' button of a modal. */
async function pick(page: Page, modalTitle: string, index: number, pickerTitle: string, cell: string) {
  await pickRow(await openPicker(page, dialog(page, modalTitle), index, pickerTitle), cell);
}

async function chooseOption(page: Page, modalTitle: string, label: string, option: string) {
  await dialog(page, modalTitle).getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('subcontractor markets', () => {
  it('creates a market, attaches a BPU, validates it through its workflow and finds it in the agency', async () => {
    const page = await newPage(browser());
    await signIn(page, 'admin');
    const edifice = `MARCHE-E2E-${unique}`;

    // creation: the retention fields follow the retention type
    await page.goto(`${baseUrl()}/#/sst/markets`);
    await page.getByRole('button', { name: 'Créer' }).click();
    const title = 'Nouveau marché';
    const modal = dialog(page, title);
    await modal.getByLabel('Code Edifice').fill(edifice);
    await pick(page, title, 0, 'Agence', 'Télécom Travaux Sud-Ouest');
    await pick(page, title, 1, 'Projet', 'Déploiement Bordeaux lot 1');
    await modal.getByLabel('Montant maximum DC4 (HT)').fill('150000,50');
    await chooseOption(page, title, 'Type de paiement', 'Virement');
    await chooseOption(page, title, 'Condition de paiement', '30 jours fin de mois');
    expect(await modal.getByLabel('Taux de RG').inputValue()).toBe('5,00');
    expect(await modal.getByLabel('Seuil (EUR)').count()).toBe(0);
    await chooseOption(page, title, 'Type de retenue de garantie', 'Avec seuil');
    await modal.getByLabel('Seuil (EUR)').fill('20000');
    await modal.getByLabel('Taux de RG').fill('3,5');
    await screenshot(page, 'markets-01-create');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/market\/\d+$/);
    const marketId = page.url().split('/').pop();
    await page.getByRole('heading', { name: `Marché : ${edifice}` }).waitFor();
    await page.getByText('Brouillon').first().waitFor();

    // a BPU on this market
    await page.goto(`${baseUrl()}/#/sst/bpu`);
    await page.getByRole('button', { name: 'Créer un BPU' }).click();
    const bpuModal = dialog(page, 'Nouveau BPU');
    await bpuModal.getByLabel('Nom').fill(`BPU ${edifice}`);
    await pick(page, 'Nouveau BPU', 0, 'Modèle de BPU', 'BPU FTTH 2025');
    await pick(page, 'Nouveau BPU', 1, 'Marché', edifice);
    await bpuModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/bpu\/\d+$/);

    // the workflow panel moves it to accounting validation, then to validated
    await page.goto(`${baseUrl()}/#/sst/market/${marketId}`);
    await page.getByRole('link', { name: `BPU ${edifice}` }).waitFor();
    await page.getByRole('button', { name: 'Valider la création' }).click();
    await page.getByText('En attente de validation comptable').first().waitFor();
    const accounting = page.getByRole('button', { name: 'Validation comptable' });
    await accounting.waitFor();
    await screenshot(page, 'markets-02-pending-accounting');
    await accounting.click();
    await page.getByText('Validé').first().waitFor();
    await screenshot(page, 'markets-03-validated');

    // the agency's Contractor agreement tab lists it
    await page.goto(`${baseUrl()}/#/sst/agencies`);
    await page.getByRole('link', { name: 'Télécom Travaux Sud-Ouest' }).first().click();
    await expectHash(page, /^#\/sst\/agency\/\d+$/);
    await page.getByRole('tab', { name: 'Contrat de sous-traitance' }).click();
    await page.getByRole('link', { name: edifice }).waitFor();
    await screenshot(page, 'markets-04-agency-contractor-agreement');
  });
});
