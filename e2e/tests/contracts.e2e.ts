import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const unique = `${Date.now() % 1_000_000}`;

/** A one-page PDF, small and valid enough for a document upload. */
const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A template as a word processor exports it: an A4 page without form fields (the fill adds a summary page). */
const TEMPLATE_PDF = Buffer.from(
  MINIMAL_PDF.toString('latin1').replace('/MediaBox [0 0 200 200]', '/MediaBox [0 0 595 842]'),
  'latin1',
);

type ContractRecord = {
  id: number;
  contractNumber: string;
  agency: number;
  agencyName: string;
  documentType: number;
  referent: number;
  adminReferent: number;
  referentName: string;
};
type MarketRow = { id: number; edifice: string };
type EnvelopeSummary = { id: number; name: string; statusWF: { nodeCode: string; nodeName: string } | null };
type DocumentRow = { id: number; filename: string; entity: string; entityId: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A demo contract that has a market: its agency is in the demo validators' scope. */
async function demoContract(admin: string): Promise<ContractRecord> {
  const contracts = await api<{ content: { id: number }[] }>('/contracts?size=50&sort=id,asc', admin);
  for (const { id } of contracts.content) {
    const markets = await api<{ content: MarketRow[] }>(`/contract/${id}/markets?size=1`, admin);
    if (markets.content.length > 0) {
      return api<ContractRecord>(`/contract/${id}`, admin);
    }
  }
  throw new Error('no demo contract holds a market');
}

/** A contract of the journey's own, made through the API like `model`'s (its agency, type and referents). */
async function createContract(admin: string, model: ContractRecord, contractNumber: string): Promise<number> {
  const created = await api<{ id: number }>('/contract', admin, {
    contractNumber,
    agency: model.agency,
    documentType: model.documentType,
    referent: model.referent,
    adminReferent: model.adminReferent,
    signatureDate: '2026-01-15',
    startDate: '2026-02-01',
    endDate: '2028-01-31',
    duration: 24,
  });
  return created.id;
}

/**
 * Picks the row holding `cell` in the open `picker`, first filtering its `filterColumn` by it (earlier
 * journeys add rows beyond page one): the row is clicked only once the filtered list answered (every row
 * holding the text), and again until the picker closes (a click while its rows refresh can be lost).
 */
async function pickIn(page: Page, picker: Locator, cell: string, filterColumn: string) {
  await picker.getByLabel(`Filtrer ${filterColumn}`).fill(cell);
  const rows = picker.locator('tr.ant-table-row');
  const row = rows.filter({ has: page.getByRole('cell', { name: cell, exact: true }) });
  // the filtered answer: every row holds the text, one of them as the whole cell
  await expect
    .poll(
      async () => {
        const texts = await rows.allTextContents();
        return texts.every((text) => text.toLowerCase().includes(cell.toLowerCase())) && (await row.count()) > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect
    .poll(
      async () => {
        if (await picker.isVisible()) {
          await row
            .first()
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        }
        return picker.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(false);
}

/** The picker opened by the n-th 'Choisir' button of `scope`. */
async function openPicker(page: Page, scope: Locator, index: number, pickerTitle: string): Promise<Locator> {
  await scope.getByRole('button', { name: 'Choisir' }).nth(index).click();
  const picker = dialog(page, `Sélectionner : ${pickerTitle}`);
  await picker.waitFor();
  return picker;
}

async function pick(page: Page, scope: Locator, index: number, pickerTitle: string, cell: string, filterColumn: string) {
  await pickIn(page, await openPicker(page, scope, index, pickerTitle), cell, filterColumn);
}

/**
 * Chooses an option of the select (combobox `name`) within `scope`: the option is clicked only once the
 * dropdown shows it (its choices answered), and the select opened again until it holds the choice.
 */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  // a required field's name starts with its mark: "* Type de document"
  const combobox = page.getByRole('combobox', { name: new RegExp(`^(\\* )?${escapeRegExp(name)}$`) });
  const holder = scope.locator('.ant-select').filter({ has: combobox });
  await expect
    .poll(
      async () => {
        if (!(await holder.textContent())?.includes(option)) {
          await holder.click();
          const choice = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
          await choice.waitFor({ timeout: 5_000 }).catch(() => undefined);
          await choice.click({ timeout: 2_000 }).catch(() => undefined);
        }
        return holder.textContent();
      },
      { timeout: 20_000 },
    )
    .toContain(option);
}

/** What a browser download holds, and its suggested name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: readFileSync(await download.path()) };
}

/** The decoded content of every Flate stream of a PDF (its pages' drawing operators among them). */
function inflatedStreams(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const decoded: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      decoded.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a Flate stream (or an image): nothing to read
    }
  }
  return decoded.join('\n');
}

/** Text as a standard PDF font writes it in a page's operators: `<hex> Tj`, WinAnsi bytes in hex. */
const pdfHex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

describe('contracts signed for real', () => {
  it('a new contract’s new envelope: a PDF, two validators (the first alone does not validate), two signers, the signed copy in the envelope and on the documents screen', {
    timeout: 600_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);

    const page = await newPage(browser);
    page.setDefaultTimeout(30_000);
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/sst/contracts`);
    await page.getByRole('heading', { name: 'Contrats' }).waitFor();
    await screenshot(page, 'contracts-01-list');

    // --- a contract through the creation modal, every required field: it opens
    const number = `CT-E2E-${unique}`;
    await page.getByRole('button', { name: 'Créer' }).click();
    const modal = dialog(page, 'Nouveau contrat');
    await modal.getByLabel('Numéro de contrat').fill(number);
    // the 'Choisir' buttons: agency, parent contract, referent, administrative referent
    await pick(page, modal, 0, 'Agence', demo.agencyName, 'Nom');
    await choose(page, modal, 'Type de document', 'Contrat');
    await modal.getByLabel('Date de signature').fill('2026-01-15');
    await modal.getByLabel('Date de début').fill('2026-02-01');
    await modal.getByLabel('Date de fin').fill('2028-01-31');
    await modal.getByLabel('Durée (mois)').fill('24');
    await pick(page, modal, 2, 'Référent', 'Alice Administratrice', 'Nom');
    await pick(page, modal, 3, 'Référent administratif', 'Camille Chef de projet', 'Nom');
    await modal.getByLabel('Commentaire').fill('Contrat cadre créé par le parcours e2e');
    await screenshot(page, 'contracts-02-create');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/contract\/\d+$/);
    const contractId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: `Contrat : ${number}` }).waitFor();
    expect(
      await api<{ contractNumber: string; agencyName: string; duration: number }>(`/contract/${contractId}`, admin),
    ).toMatchObject({
      contractNumber: number,
      agencyName: demo.agencyName,
      duration: 24,
    });

    // --- a new envelope in its Envelopes tab: chosen, kept in the address, a draft
    await page.getByRole('tab', { name: 'Enveloppes' }).click();
    const envelopesTab = page.getByRole('tabpanel', { name: 'Enveloppes' });
    await envelopesTab.getByText('Aucune enveloppe').first().waitFor();
    const envelopeName = `Contrat de sous-traitance ${unique}`;
    await envelopesTab.getByRole('button', { name: 'Ajouter' }).click();
    const adding = dialog(page, 'Nouvelle enveloppe');
    await adding.getByRole('textbox', { name: 'Nom' }).fill(envelopeName);
    await adding.getByRole('button', { name: 'OK' }).click();
    await adding.waitFor({ state: 'hidden' });
    await expectHash(page, new RegExp(`^#/sst/contract/${contractId}\\?envelopeId=\\d+$`));
    const envelopeId = Number(new URL(page.url().replace('#', '')).searchParams.get('envelopeId'));
    const menuItem = envelopesTab.getByRole('menuitem', { name: new RegExp(escapeRegExp(envelopeName)) });
    await menuItem.getByText('Brouillon', { exact: true }).waitFor();
    await expect.poll(() => envelopesTab.getByRole('textbox', { name: 'Nom' }).inputValue()).toBe(envelopeName);
    const workflow = envelopesTab.getByRole('region', { name: /^Workflow / });
    await expect.poll(() => workflow.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe('Brouillon');
    const listed = await api<EnvelopeSummary[]>(`/contract/${contractId}/envelopes`, admin);
    expect(listed.map((row) => [row.id, row.name, row.statusWF?.nodeCode])).toEqual([[envelopeId, envelopeName, 'env_draft']]);

    // a PDF uploaded to the draft envelope with the document manager
    const documents = envelopesTab.locator('.isf-document-manager');
    const basename = `contrat-${unique}`;
    const filename = `${basename}.pdf`;
    await documents
      .locator('input[type="file"]')
      .setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: MINIMAL_PDF });
    await choose(page, documents, 'Type', 'Contrat');
    await documents.getByLabel('Commentaire').fill('Contrat signé par le sous-traitant');
    await documents.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Le document a été ajouté.').waitFor();
    await documents.getByRole('button', { name: `Télécharger ${filename}` }).waitFor();
    await screenshot(page, 'contracts-03-envelope-document');
    await page.getByText('Le document a été ajouté.').waitFor({ state: 'hidden' });

    // sent to validation: the spec's texts hold Send until two roles have each their user
    await envelopesTab.getByRole('button', { name: 'Envoyer en validation' }).click();
    const send = dialog(page, "Envoyer l'enveloppe en validation");
    await send.getByText('at least 2 roles required').waitFor();
    expect(await send.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    await choose(page, send, 'Rôles valideurs', 'Chef de projet');
    await choose(page, send, 'Rôles valideurs', 'Comptable');
    // closes the roles' dropdown (Escape would close the dialog)
    await send.locator('.ant-modal-title').click();
    await send.getByText('each role must select a user').waitFor();
    expect(await send.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    await choose(page, send, 'Chef de projet', 'Camille Chef de projet');
    await choose(page, send, 'Comptable', 'Claude Comptable');
    await send.getByText('each role must select a user').waitFor({ state: 'hidden' });
    // the comment's text area is not tied to its label: the only one of the dialog
    await send.locator('textarea').fill('Merci de valider le contrat');
    await screenshot(page, 'contracts-04-send');
    await send.getByRole('button', { name: 'Envoyer' }).click();
    await send.waitFor({ state: 'hidden' });
    await menuItem.getByText('En attente de validation', { exact: true }).waitFor();
    await expect
      .poll(() => workflow.locator('.ant-tag').first().textContent(), { timeout: 15_000 })
      .toBe('En attente de validation');
    await workflow.getByText('Brouillon → En attente de validation').waitFor();
    await workflow.getByText('Merci de valider le contrat').waitFor();
    const validatorRows = envelopesTab.locator('.ant-card').filter({ hasText: 'Valideurs' }).locator('tr.ant-table-row');
    await validatorRows.filter({ hasText: 'Camille Chef de projet' }).waitFor();
    await validatorRows.filter({ hasText: 'Claude Comptable' }).waitFor();
    expect(await envelopesTab.getByRole('button', { name: 'Envoyer en validation' }).count()).toBe(0);
    await screenshot(page, 'contracts-05-sent');
    await page.context().close();

    // --- the two validators decide: the first validation alone leaves the envelope pending
    const envelopeUrl = `${baseUrl()}/#/sst/contract/${contractId}?envelopeId=${envelopeId}`;
    type EnvelopeDetail = {
      statusWF: { nodeCode: string } | null;
      validators: { userName: string; decision: string | null }[];
    };
    const validate = async (username: string, stillPending: boolean) => {
      const validator = await newPage(browser);
      validator.setDefaultTimeout(30_000);
      await signIn(validator, username);
      await validator.goto(envelopeUrl);
      const panel = validator.getByRole('region', { name: /Workflow/ });
      await panel.getByRole('button', { name: 'Valider' }).click();
      await validator
        .getByText(stillPending ? /Décision enregistrée : l’élément reste à l’étape/ : /Élément passé à l’étape/)
        .first()
        .waitFor();
      const record = await api<EnvelopeDetail>(`/envelope/${envelopeId}`, admin);
      expect(record.statusWF?.nodeCode).toBe(stillPending ? 'env_pending_validation' : 'env_validated');
      await screenshot(validator, `contracts-06-validated-by-${username}`);
      await validator.context().close();
      return record;
    };
    const afterFirst = await validate('cdp', true);
    // the first decision is recorded, the other still awaited
    expect(afterFirst.validators.map((row) => row.decision).sort()).toEqual([null, 'validated'].sort());
    await validate('comptable', false);

    // --- sent for signature to two signers; the simulator signs and the signed copy appears in the envelope
    const buyer = await newPage(browser);
    buyer.setDefaultTimeout(30_000);
    await signIn(buyer, 'admin');
    await buyer.goto(envelopeUrl);
    const buyerTab = buyer.getByRole('tabpanel', { name: 'Enveloppes' });
    await expect
      .poll(
        () =>
          buyerTab
            .getByRole('region', { name: /^Workflow / })
            .locator('.ant-tag')
            .first()
            .textContent(),
        {
          timeout: 15_000,
        },
      )
      .toBe('Validée');
    await buyerTab
      .locator('.ant-card')
      .filter({ hasText: 'Valideurs' })
      .locator('tr.ant-table-row')
      .filter({ hasText: 'Validé' })
      .nth(1)
      .waitFor();
    await buyer.getByRole('button', { name: 'Envoyer à la signature' }).click();
    const signing = dialog(buyer, 'Signataire 1');
    expect(await signing.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    for (const [index, person] of [
      ['1', { name: 'Sacha Sous-traitant', email: 'sacha@example.com', phone: '0612345678' }],
      ['2', { name: 'Alex Acheteur', email: 'alex@example.com', phone: '0698765432' }],
    ] as const) {
      await signing.getByLabel(`Signataire ${index} – Nom`).fill(person.name);
      await signing.getByLabel(`Signataire ${index} – E-mail`).fill(person.email);
      await signing.getByLabel(`Signataire ${index} – Téléphone`).fill(person.phone);
      expect(await signing.getByLabel(`Signataire ${index} – Indicatif`).inputValue()).toBe('+33');
    }
    // both automatic on the same anchor string: the spec's warning, Send disabled
    const signerCard = (index: string) => signing.locator('.ant-card').filter({ hasText: `Signataire ${index}` });
    for (const index of ['1', '2']) {
      await signerCard(index).getByText('Automatique').click();
    }
    expect(await signing.getByLabel('Signataire 1 – Texte repère').inputValue()).toBe('key1');
    expect(await signing.getByLabel('Signataire 2 – Texte repère').inputValue()).toBe('key2');
    await signing.getByLabel('Signataire 2 – Texte repère').fill('key1');
    await signing.getByText('anchor strings should be different').waitFor();
    expect(await signing.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    // the uploaded PDF has no anchors: both sign where the provider places them by hand
    for (const index of ['1', '2']) {
      await signerCard(index).getByText('Manuelle').click();
    }
    await signing.getByText('anchor strings should be different').waitFor({ state: 'hidden' });
    await screenshot(buyer, 'contracts-07-signers');
    await signing.getByRole('button', { name: 'Envoyer' }).click();
    await signing.waitFor({ state: 'hidden' });
    await buyer.getByText('Signature électronique : En cours de signature').waitFor();
    // the simulator signs after its delay and calls ISF's webhook: the signed copy joins the envelope
    await buyer.getByText('Signature électronique : Signée').waitFor({ timeout: 60_000 });
    await buyer.reload();
    const signedName = `${basename} - signé.pdf`;
    const envelopeDocuments = buyer.locator('.isf-document-manager');
    await envelopeDocuments.getByRole('button', { name: `Télécharger ${signedName}` }).waitFor();
    await envelopeDocuments.getByRole('button', { name: `Télécharger ${filename}` }).waitFor();
    const signed = await api<EnvelopeSummary[]>(`/contract/${contractId}/envelopes`, admin);
    expect(signed.map((row) => [row.id, row.statusWF?.nodeCode])).toEqual([[envelopeId, 'env_signed']]);
    await buyerTab
      .getByRole('menuitem', { name: new RegExp(escapeRegExp(envelopeName)) })
      .getByText('Signée', { exact: true })
      .waitFor();
    await screenshot(buyer, 'contracts-08-signed');

    // --- the documents screen lists both, attached to the envelope; the signed copy's detail and download
    await buyer.goto(`${baseUrl()}/#/documents`);
    await buyer.getByRole('heading', { name: 'Documents' }).waitFor();
    await buyer.getByLabel('Filtrer Fichier').fill(basename);
    const rows = buyer.locator('.ant-table-tbody tr.ant-table-row');
    await expect
      .poll(
        async () => (await rows.allTextContents()).map((text) => (text.includes(signedName) ? 'signed' : 'original')).sort(),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['original', 'signed']);
    const signedRow = rows.filter({ has: buyer.getByRole('link', { name: signedName, exact: true }) });
    await signedRow.getByText(`Enveloppe : ${envelopeName}`).waitFor();
    await screenshot(buyer, 'contracts-09-documents');
    // the envelope's own documents (`GET /documents?entity=&id=`): the upload and its signed copy
    const owned = (await api<DocumentRow[]>(`/documents?entity=envelope&id=${envelopeId}`, admin)).sort((a, b) => a.id - b.id);
    expect(owned.map((row) => row.filename)).toEqual([filename, signedName]);
    const signedId = owned[1]?.id;
    await signedRow.getByRole('link', { name: signedName, exact: true }).click();
    await expectHash(buyer, `#/document/${signedId}`);
    await buyer.getByRole('heading', { name: `Document : ${signedName}` }).waitFor();
    await buyer.getByText(`Enveloppe : ${envelopeId}`).waitFor();
    await buyer.getByRole('region', { name: /^Workflow / }).waitFor();
    await buyer.locator('.ant-card').filter({ hasText: 'Valideurs' }).waitFor();
    await screenshot(buyer, 'contracts-10-document-detail');
    const signedCopy = await downloaded(buyer, () => buyer.getByRole('button', { name: 'Télécharger' }).click());
    expect(signedCopy.name).toBe(signedName);
    expect(signedCopy.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the alternate link form of spec 1's route table opens the same detail
    await buyer.goto(`${baseUrl()}/#/documents/${signedId}`);
    await buyer.getByRole('heading', { name: `Document : ${signedName}` }).waitFor();
    await buyer.context().close();
  });

  it('a contract template uploaded on its screen, downloaded as it is, and filled with a contract’s fields from an envelope', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);
    const number = `CT-MODELE-${unique}`;
    const contractId = await createContract(admin, demo, number);
    const envelope = await api<{ id: number }>('/envelope', admin, { name: `Enveloppe modèle ${unique}`, contractId });

    const page = await newPage(browser);
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
    const operators = inflatedStreams(filled.content);
    expect(operators).toContain(`<${pdfHex(`Contrat ${number}`)}>`);
    expect(operators).toContain(`<${pdfHex(demo.agencyName)}>`);
    expect(operators).toContain(`<${pdfHex(demo.referentName)}>`);
    await fill.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('the market form chooses its contract with the picker among its agency’s contracts, and the contract lists the market', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);
    const number = `CT-MARCHE-${unique}`;
    const contractId = await createContract(admin, demo, number);
    // a contract of another agency, which the picker must not offer
    const contracts = await api<{ content: { contractNumber: string; agencyName: string }[] }>(
      '/contracts?size=200&sort=id,asc',
      admin,
    );
    const other = contracts.content.find((row) => row.agencyName !== demo.agencyName);
    if (!other) {
      throw new Error('no demo contract of another agency');
    }

    const page = await newPage(browser);
    page.setDefaultTimeout(30_000);
    await signIn(page, 'admin');
    const edifice = `MARCHE-CT-${unique}`;
    await page.goto(`${baseUrl()}/#/sst/markets`);
    await page.getByRole('button', { name: 'Créer' }).click();
    const modal = dialog(page, 'Nouveau marché');
    await modal.getByLabel('Code Edifice').fill(edifice);
    // the 'Choisir' buttons: agency, project, contract; the contract waits for the agency
    const chooseContract = modal.getByRole('button', { name: 'Choisir' }).nth(2);
    expect(await chooseContract.isDisabled()).toBe(true);
    await pick(page, modal, 0, 'Agence', demo.agencyName, 'Nom');
    await expect.poll(() => chooseContract.isDisabled()).toBe(false);
    await pick(page, modal, 1, 'Projet', 'Déploiement Bordeaux lot 1', 'Nom');
    await modal.getByLabel('Montant maximum DC4 (HT)').fill('90000');
    await choose(page, modal, 'Type de paiement', 'Virement');
    await choose(page, modal, 'Condition de paiement', '30 jours fin de mois');

    // the picker offers the agency's contracts only: another agency's number finds nothing
    const picker = await openPicker(page, modal, 2, 'Contrat');
    await picker.locator('tr.ant-table-row').first().waitFor();
    expect(await picker.locator('tr.ant-table-row').filter({ hasNotText: demo.agencyName }).count()).toBe(0);
    await picker.getByLabel('Filtrer Numéro de contrat').fill(other.contractNumber);
    await picker.locator('.ant-empty').waitFor();
    expect(await picker.locator('tr.ant-table-row').count()).toBe(0);
    await screenshot(page, 'contracts-14-market-contract-picker');
    await pickIn(page, picker, number, 'Numéro de contrat');
    await expect.poll(() => modal.getByPlaceholder('select an item').nth(2).inputValue()).toBe(number);
    await screenshot(page, 'contracts-15-market-form');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/market\/\d+$/);
    const marketId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: `Marché : ${edifice}` }).waitFor();
    const market = await api<{ contract: number | null; contractNumber: string | null }>(`/market/${marketId}`, admin);
    expect(market).toMatchObject({ contract: contractId, contractNumber: number });

    // the contract's Contractor agreement tab lists the market, linked
    await page.goto(`${baseUrl()}/#/sst/contract/${contractId}`);
    await page.getByRole('heading', { name: `Contrat : ${number}` }).waitFor();
    await page.getByRole('tab', { name: 'Contrat de sous-traitance' }).click();
    const marketLink = page
      .getByRole('tabpanel', { name: 'Contrat de sous-traitance' })
      .getByRole('link', { name: edifice, exact: true });
    await marketLink.waitFor();
    expect(await marketLink.getAttribute('href')).toBe(`#/sst/market/${marketId}`);
    await screenshot(page, 'contracts-16-contract-markets');
    await page.context().close();
  });
});
