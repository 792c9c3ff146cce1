import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** A template CSV as the import reads it (the export's columns), on the seeded categories, units and types. */
const TEMPLATE_CSV = [
  'Référence;Catégorie parente;Catégorie;Code;Désignation;Unité;Type',
  "Soudure;Transport optique;Soudure;E2E-SO-1;Soudure de fibre (journée e2e);Unité;Main d'œuvre",
  "Tirage câble;Transport optique;Tirage;E2E-TR-1;Tirage de câble 72 FO (journée e2e);Mètre linéaire;Main d'œuvre",
  'Tirage câble;;Divers;E2E-DV-1;Nacelle avec opérateur (journée e2e);Jour;Location',
].join('\r\n');

/** The visible dialog holding a text (antd renders confirm titles twice, one hidden). */
/** A screenshot of the page as a person sees it: from the top, dialogs done opening. */
describe('price schedules journey', () => {
  it('imports a BPU template, prices a BPU built on it and exports the prices', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);

    // A BPU template, filled from a CSV file.
    const templateName = `Modèle e2e ${unique}`;
    await page.goto(`${baseUrl()}/#/sst/bputemplates`);
    await page.getByRole('button', { name: 'Créer un modèle de BPU' }).click();
    const templateModal = dialog(page, 'Nouveau modèle de BPU');
    await templateModal.getByLabel('Nom').fill(templateName);
    await templateModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/bputemplate\/\d+$/);
    await page.getByRole('heading', { name: `Modèle de BPU : ${templateName}` }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'modele-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${TEMPLATE_CSV}`, 'utf8') });
    await page.getByText('Import effectué avec succès').waitFor();
    await page.getByRole('cell', { name: 'Nacelle avec opérateur (journée e2e)' }).waitFor();
    const codes = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
    expect(codes).toEqual(['E2E-DV-1', 'E2E-SO-1', 'E2E-TR-1']);
    // The add-row editor refuses a prestation with empty fields.
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const emptyFields = dialog(page, 'Des champs sont vides');
    await emptyFields.getByText(/Champs vides : Référence, Catégorie parente/).waitFor();
    await screenshot(page, 'price-schedules-01-template-imported');
    await emptyFields.getByRole('button', { name: 'OK' }).click();
    await emptyFields.waitFor({ state: 'hidden' });
    // A row edited in place.
    await page.getByRole('button', { name: 'Modifier la prestation E2E-SO-1' }).click();
    await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .getByLabel('Désignation')
      .fill('Soudure de fibre optique (journée e2e)');
    await page.getByRole('button', { name: 'Enregistrer la prestation E2E-SO-1' }).click();
    await page.getByRole('cell', { name: 'Soudure de fibre optique (journée e2e)' }).waitFor();
    await page.getByRole('button', { name: 'Modifier la prestation E2E-SO-1' }).waitFor();

    // A BPU on that template.
    const bpuName = `BPU e2e ${unique}`;
    await page.goto(`${baseUrl()}/#/sst/bpu`);
    await page.getByRole('button', { name: 'Créer un BPU' }).click();
    const bpuModal = dialog(page, 'Nouveau BPU');
    await bpuModal.getByLabel('Nom').fill(bpuName);
    await bpuModal.getByRole('button', { name: 'Choisir' }).first().click();
    await dialog(page, 'Sélectionner : Modèle de BPU').getByRole('cell', { name: templateName }).click();
    expect(await bpuModal.getByLabel('Modèle de BPU').inputValue()).toBe(templateName);
    // a BPU belongs to an active market (spec 3 §5): the first demo market
    await bpuModal.getByRole('button', { name: 'Choisir' }).last().click();
    await dialog(page, 'Sélectionner : Marché').getByRole('cell', { name: 'ED-1001-M2025' }).click();
    await screenshot(page, 'price-schedules-02-bpu-create');
    await bpuModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/bpu\/\d+$/);
    await page.getByRole('heading', { name: `BPU : ${bpuName}` }).waitFor();

    // Prices entered in edit mode; the prestation left without a price is hidden in read mode.
    await page.getByRole('tab', { name: 'Prestations' }).click();
    await page.getByText('0 prestation chiffrée sur 3').waitFor();
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByLabel('Prix de E2E-SO-1').fill('6,50');
    await page.getByLabel('Prix de E2E-TR-1').fill('1.45');
    await screenshot(page, 'price-schedules-03-bpu-prices-editing');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('2 prestations chiffrées sur 3').waitFor();
    await page.getByRole('cell', { name: 'Soudure de fibre optique (journée e2e)' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Nacelle avec opérateur (journée e2e)' }).count()).toBe(0);
    const prices = await page.locator('.ant-table-tbody tr.ant-table-row td:last-child').allInnerTexts();
    expect(prices.map((text) => text.replace(/\s/g, ''))).toEqual(['6,50€', '1,45€']);
    await screenshot(page, 'price-schedules-04-bpu-priced');

    // The CSV export (a form post carrying the token) holds the prices.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bpu-\d+\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Référence;Catégorie parente;Catégorie;Code;Désignation;Unité;Type;Prix');
    expect(lines).toContain(
      "Soudure;Transport optique;Soudure;E2E-SO-1;Soudure de fibre optique (journée e2e);Unité;Main d'œuvre;6,50",
    );
    expect(lines).toContain(
      "Tirage câble;Transport optique;Tirage;E2E-TR-1;Tirage de câble 72 FO (journée e2e);Mètre linéaire;Main d'œuvre;1,45",
    );
    expect(lines).toContain('Tirage câble;;Divers;E2E-DV-1;Nacelle avec opérateur (journée e2e);Jour;Location;0,00');
    await screenshot(page, 'price-schedules-05-bpu-exported');
    await page.getByRole('tab', { name: 'Informations' }).click();
    await page.getByRole('link', { name: templateName }).waitFor();
    await screenshot(page, 'price-schedules-06-bpu-information');
    await page.context().close();
  });

  it('creates an order template and selects a whole category of its prestations', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);

    const name = `Modèle de commande e2e ${unique}`;
    await page.goto(`${baseUrl()}/#/os/templates`);
    await page.getByRole('link', { name: 'Raccordement client standard' }).waitFor();
    await page.getByRole('button', { name: 'Créer un modèle de commande' }).click();
    const modal = dialog(page, 'Nouveau modèle de commande');
    await modal.getByLabel('Nom').fill(name);
    await modal.getByRole('button', { name: 'Choisir' }).click();
    await dialog(page, 'Sélectionner : Modèle de BPU').getByRole('cell', { name: 'BPU FTTH 2025' }).click();
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/os\/template\/\d+$/);
    await page.getByRole('heading', { name: `Modèle de commande : ${name}` }).waitFor();

    await page.getByRole('tab', { name: 'Prestations' }).click();
    await page.getByText('0 prestation sélectionnée sur 21.').waitFor();
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('checkbox', { name: 'Distribution' }).check();
    await page.getByRole('button', { name: 'Tout déplier' }).click();
    await page.getByRole('checkbox', { name: 'RA-003' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'RA-003' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'RA-003' }).uncheck();
    await screenshot(page, 'price-schedules-07-order-template-selecting');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Modifier' }).waitFor();
    await page.getByText('5 prestations sélectionnées sur 21.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'DI-001' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'RA-003' }).isChecked()).toBe(false);
    await screenshot(page, 'price-schedules-08-order-template-saved');

    await page.goto(`${baseUrl()}/#/os/templates`);
    await page.getByRole('link', { name }).waitFor();
    await screenshot(page, 'price-schedules-09-order-template-list');
    await page.context().close();
  });
});
