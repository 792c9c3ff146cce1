import { describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, newPage, screenshot, signIn } from '../support/browser.js';
import { choose, createContract, demoContract, downloaded, MINIMAL_PDF } from '../support/contracts.js';
import { unique, useBrowser } from '../support/journey.js';
import { pdfTexts } from '../support/pdf-bytes.js';

const browser = useBrowser();

/** A template as a word processor exports it: an A4 page without form fields (the fill adds a summary page). */
const TEMPLATE_PDF = Buffer.from(
  MINIMAL_PDF.toString('latin1').replace('/MediaBox [0 0 200 200]', '/MediaBox [0 0 595 842]'),
  'latin1',
);

/** Text as a standard PDF font writes it in a page's operators: `<hex> Tj`, WinAnsi bytes in hex. */
const pdfHex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

describe('contract templates', () => {
  it('a contract template uploaded on its screen, downloaded as it is, and filled with a contract’s fields from an envelope', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);
    const number = `CT-MODELE-${unique}`;
    const contractId = await createContract(admin, demo, number);
    const envelope = await api<{ id: number }>('/envelope', admin, { name: `Enveloppe modèle ${unique}`, contractId });

    const page = await newPage(browser());
    page.setDefaultTimeout(30_000);
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/contracttemplates`);
    await page.getByRole('heading', { name: 'Modèles de contrat' }).waitFor();

    // the upload modal: a name and a file are required, then the template joins the list
    const templateName = `Modèle E2E ${unique}`;
    await page.getByRole('button', { name: 'Téléverser' }).click();
    const upload = dialog(page, 'Téléverser un modèle (PDF)');
    await upload.getByLabel('Nom du modèle').fill(templateName);
    await upload.getByRole('button', { name: 'Téléverser' }).click();
    await upload.getByText('Veuillez sélectionner un fichier').waitFor();
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: `modele-${unique}.pdf`, mimeType: 'application/pdf', buffer: TEMPLATE_PDF });
    await upload.getByText(`modele-${unique}.pdf`).waitFor();
    await screenshot(page, 'contracts-11-template-upload');
    await upload.getByRole('button', { name: 'Téléverser' }).click();
    await upload.waitFor({ state: 'hidden' });
    const templateRow = page.locator('tr.ant-table-row').filter({ hasText: templateName });
    await templateRow.waitFor();
    // the newest first
    expect(await page.locator('tr.ant-table-row').first().textContent()).toContain(templateName);
    await screenshot(page, 'contracts-12-templates');

    // downloaded from the list: the very file uploaded
    const asUploaded = await downloaded(page, () =>
      templateRow.getByRole('button', { name: `Télécharger ${templateName}` }).click(),
    );
    expect(asUploaded.content.equals(TEMPLATE_PDF)).toBe(true);

    // from the contract's envelope: the template filled with the contract's fields (a summary page in front
    // of a template without form fields)
    await page.goto(`${baseUrl()}/#/sst/contract/${contractId}?envelopeId=${envelope.id}`);
    await page.getByRole('heading', { name: `Contrat : ${number}` }).waitFor();
    await page.getByRole('button', { name: 'Modèle de contrat' }).click();
    const fill = dialog(page, 'Télécharger un modèle de contrat rempli');
    expect(await fill.getByRole('button', { name: 'Télécharger' }).isDisabled()).toBe(true);
    await choose(page, fill, 'Modèle', templateName);
    await screenshot(page, 'contracts-13-template-fill');
    const filled = await downloaded(page, () => fill.getByRole('button', { name: 'Télécharger' }).click());
    expect(filled.name).toBe(`${templateName} - ${number}.pdf`);
    expect(filled.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const operators = pdfTexts(filled.content).join('\n');
    expect(operators).toContain(`<${pdfHex(`Contrat ${number}`)}>`);
    expect(operators).toContain(`<${pdfHex(demo.agencyName)}>`);
    expect(operators).toContain(`<${pdfHex(demo.referentName)}>`);
    await fill.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
