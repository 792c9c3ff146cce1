import { describe, expect, it } from 'vitest';
import { baseUrl, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

/** The 20th establishment of the registry simulator: no seeded agency uses it. */
const REGISTRY_SIRET = '81236470300015';
const REGISTRY_NAME = 'Gers Infrastructures Numériques';
const REGISTRY_ADDRESS = '16 RUE DESSOLES, 32000 AUCH';

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const browser = useBrowser();

describe('companies and agencies journey', () => {
  it('creates a company, an agency from the registry, and attaches a document to the company', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);

    await page.goto(`${baseUrl()}/#/sst/companies`);
    await page.getByRole('link', { name: 'Fibres Réseaux Aquitaine' }).waitFor();
    const companyName = `Gers Travaux ${Date.now()}`;
    await page.getByRole('button', { name: 'Créer' }).click();
    const companyModal = page.getByRole('dialog');
    await companyModal.getByLabel('Code Edifice').fill('ED-2032');
    await companyModal.getByLabel('Nom').fill(`  ${companyName} `);
    await companyModal.getByLabel('E-mail').fill('contact@gers-travaux.example');
    await companyModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/company\/\d+$/);
    await page.getByRole('heading', { name: `Entreprise : ${companyName}` }).waitFor();

    // The agency, created from the company with its SIRET looked up in the registry simulator.
    await page.getByRole('tab', { name: 'Agences' }).click();
    await page.getByRole('button', { name: 'Ajouter une agence' }).click();
    const agencyModal = page.getByRole('dialog');
    expect(await agencyModal.getByLabel('Entreprise').inputValue()).toBe(companyName);
    await agencyModal.getByLabel('SIRET').fill(REGISTRY_SIRET);
    const agencyName = agencyModal.getByLabel('Nom');
    await expect.poll(() => agencyName.inputValue(), { timeout: 10_000 }).toBe(REGISTRY_NAME);
    expect(await agencyName.isDisabled()).toBe(true);
    expect(await agencyModal.getByLabel('Adresse').inputValue()).toBe(REGISTRY_ADDRESS);
    await agencyModal.getByLabel('Responsable').fill('Jeanne Garonne');
    await agencyModal.getByRole('switch', { name: 'Suivi e-attestation' }).click();
    expect(await agencyModal.getByLabel("E-mail d'invitation").count()).toBe(0);
    await screenshot(page, '10-agency-create-from-registry');
    await agencyModal.getByRole('button', { name: 'Créer' }).click();
    await agencyModal.waitFor({ state: 'hidden' });
    const agencyLink = page.getByRole('link', { name: REGISTRY_NAME });
    await agencyLink.waitFor();
    await screenshot(page, '11-company-detail-agencies');

    // A PDF attached to the company.
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'kbis-gers.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
    const documentType = page.getByRole('combobox', { name: 'Type' });
    await documentType.click();
    await documentType.fill('Kbis');
    await documentType.press('Enter');
    await page.getByLabel('Commentaire').fill('Extrait Kbis 2025');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('button', { name: 'Télécharger kbis-gers.pdf' }).waitFor();
    await page.getByRole('cell', { name: 'Extrait Kbis 2025' }).waitFor();
    await screenshot(page, '12-company-detail-documents');

    // The agency detail: registry-known name, status and documents icons.
    await page.getByText('Le document a été ajouté.').waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Agences' }).click();
    await agencyLink.click();
    await expectHash(page, /^#\/sst\/agency\/\d+$/);
    await page.getByRole('heading', { name: `Agence : ${REGISTRY_NAME}` }).waitFor();
    await page.getByRole('link', { name: companyName }).waitFor();
    expect(await page.getByLabel('SIRET').inputValue()).toBe(REGISTRY_SIRET);
    await screenshot(page, '13-agency-detail');

    await page.goto(`${baseUrl()}/#/sst/agencies`);
    await page.getByRole('link', { name: REGISTRY_NAME }).waitFor();
    await screenshot(page, '14-agency-list');
    await page.context().close();
  });
});
