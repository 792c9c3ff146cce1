import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function api<T>(route: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

const tokenOf = async (username: string) =>
  (await api<{ token: string }>('/login', null, { username, password: username })).token;

type ContractRow = { id: number; contractNumber: string; agencyName: string };
type MarketRow = { id: number; edifice: string };
type EnvelopeSummary = { id: number; name: string; statusWF: { nodeCode: string; nodeName: string } | null };

/** Picks the row holding `cell` in the picker opened by the n-th 'Choisir' button of a modal. */
async function pick(page: Page, modalTitle: string, index: number, pickerTitle: string, cell: string) {
  await dialog(page, modalTitle).getByRole('button', { name: 'Choisir' }).nth(index).click();
  const picker = dialog(page, `Sélectionner : ${pickerTitle}`);
  const row = picker.getByRole('cell', { name: cell, exact: true }).first();
  await row.waitFor();
  // a click while the picker is still opening or its rows refreshing can be lost: click again until it closes
  await expect
    .poll(
      async () => {
        if (await picker.isVisible()) {
          await row.click({ timeout: 2_000 }).catch(() => undefined);
        }
        return picker.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(false);
}

/**
 * Chooses an option of the select (combobox `name`) within `scope`, opening it again until the choice is
 * taken (a closing dropdown can take a click).
 */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  // a required field's name starts with its mark: "* Type de document"
  const combobox = page.getByRole('combobox', { name: new RegExp(`^(\\* )?${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) });
  const holder = scope.locator('.ant-select').filter({ has: combobox });
  await expect
    .poll(
      async () => {
        if (!(await holder.textContent())?.includes(option)) {
          await holder.click();
          await page
            .locator('.ant-select-dropdown:visible')
            .getByTitle(option, { exact: true })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        }
        return holder.textContent();
      },
      { timeout: 15_000 },
    )
    .toContain(option);
}

describe('contracts and envelopes', () => {
  it('the admin creates a contract, finds a demo contract’s market, and sends its draft envelope to validation with a PDF', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const contracts = await api<{ content: ContractRow[] }>('/contracts?size=50&sort=id,asc', admin);
    // a demo contract whose market and draft envelope the journey uses
    let demo: { contract: ContractRow; market: MarketRow; envelope: EnvelopeSummary } | null = null;
    for (const contract of contracts.content) {
      const markets = await api<{ content: MarketRow[] }>(`/contract/${contract.id}/markets?size=50`, admin);
      const envelopes = await api<EnvelopeSummary[]>(`/contract/${contract.id}/envelopes`, admin);
      const envelope = envelopes.find((row) => row.name === 'Contrat cadre et annexes' && row.statusWF?.nodeCode === 'env_draft');
      const [market] = markets.content;
      if (market && envelope) {
        demo = { contract, market, envelope };
        break;
      }
    }
    if (!demo) {
      throw new Error('no demo contract holds a market and a draft envelope "Contrat cadre et annexes"');
    }

    const page = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/sst/contracts`);
    await page.getByRole('heading', { name: 'Contrats' }).waitFor();
    await page.getByRole('link', { name: demo.contract.contractNumber, exact: true }).first().waitFor();
    await screenshot(page, 'contracts-01-list');

    // --- a contract through the creation modal, every required field: it opens
    const number = `CT-E2E-${unique}`;
    const createTitle = 'Nouveau contrat';
    await page.getByRole('button', { name: 'Créer' }).click();
    const modal = dialog(page, createTitle);
    await modal.getByLabel('Numéro de contrat').fill(number);
    await pick(page, createTitle, 0, 'Agence', demo.contract.agencyName);
    await choose(page, modal, 'Type de document', 'Contrat');
    await modal.getByLabel('Date de signature').fill('2026-01-15');
    await modal.getByLabel('Date de début').fill('2026-02-01');
    await modal.getByLabel('Date de fin').fill('2028-01-31');
    await modal.getByLabel('Durée (mois)').fill('24');
    // the 'Choisir' buttons: agency, parent contract, referent, administrative referent
    await pick(page, createTitle, 2, 'Référent', 'Alice Administratrice');
    await pick(page, createTitle, 3, 'Référent administratif', 'Camille Chef de projet');
    await modal.getByLabel('Commentaire').fill('Contrat cadre créé par le parcours e2e');
    await screenshot(page, 'contracts-02-create');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/contract\/\d+$/);
    const createdId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: `Contrat : ${number}` }).waitFor();
    const created = await api<{ contractNumber: string; agencyName: string; documentType: number; duration: number }>(
      `/contract/${createdId}`,
      admin,
    );
    expect(created).toMatchObject({ contractNumber: number, agencyName: demo.contract.agencyName, duration: 24 });
    expect(await page.getByRole('textbox', { name: /^\* Numéro de contrat/ }).inputValue()).toBe(number);

    // --- a demo contract: its Contractor agreement tab lists its market, linked
    await page.goto(`${baseUrl()}/#/sst/contract/${demo.contract.id}`);
    await page.getByRole('heading', { name: `Contrat : ${demo.contract.contractNumber}` }).waitFor();
    await page.getByRole('tab', { name: 'Contrat de sous-traitance' }).click();
    const marketsTab = page.getByRole('tabpanel', { name: 'Contrat de sous-traitance' });
    const marketLink = marketsTab.getByRole('link', { name: demo.market.edifice, exact: true });
    await marketLink.waitFor();
    expect(await marketLink.getAttribute('href')).toBe(`#/sst/market/${demo.market.id}`);
    await screenshot(page, 'contracts-03-markets-tab');

    // --- its Envelopes tab: the envelope chosen is kept in the address, and opens the tab again
    await page.getByRole('tab', { name: 'Enveloppes' }).click();
    const envelopesTab = page.getByRole('tabpanel', { name: 'Enveloppes' });
    await envelopesTab.getByRole('menuitem', { name: /Contrat cadre et annexes/ }).click();
    await expectHash(page, `#/sst/contract/${demo.contract.id}?envelopeId=${demo.envelope.id}`);
    await page.reload();
    await page.getByRole('heading', { name: `Contrat : ${demo.contract.contractNumber}` }).waitFor();
    expect(await page.getByRole('tab', { name: 'Enveloppes' }).getAttribute('aria-selected')).toBe('true');
    const menuItem = envelopesTab.getByRole('menuitem', { name: /Contrat cadre et annexes/ });
    await menuItem.getByText('Brouillon', { exact: true }).waitFor();
    expect(await envelopesTab.getByRole('textbox', { name: 'Nom' }).inputValue()).toBe('Contrat cadre et annexes');
    const workflow = envelopesTab.getByRole('region', { name: /^Workflow / });
    await expect.poll(() => workflow.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe('Brouillon');

    // a PDF uploaded to the draft envelope with the document manager
    const documents = envelopesTab.locator('.isf-document-manager');
    const filename = `contrat-cadre-${unique}.pdf`;
    await documents
      .locator('input[type="file"]')
      .setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: MINIMAL_PDF });
    await choose(page, documents, 'Type', 'Contrat');
    await documents.getByLabel('Commentaire').fill('Contrat cadre signé par le sous-traitant');
    await documents.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Le document a été ajouté.').waitFor();
    await documents.getByRole('button', { name: `Télécharger ${filename}` }).waitFor();
    await documents.getByRole('cell', { name: 'Contrat cadre signé par le sous-traitant' }).waitFor();
    await screenshot(page, 'contracts-04-envelope-document');
    await page.getByText('Le document a été ajouté.').waitFor({ state: 'hidden' });

    // sent to validation, two validator roles and a user for each: the envelope's step changes
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
    // the comment's text area is not tied to its label: the only one of the dialog
    await send.locator('textarea').fill('Merci de valider le contrat cadre');
    await screenshot(page, 'contracts-05-send');
    await send.getByRole('button', { name: 'Envoyer' }).click();
    await send.waitFor({ state: 'hidden' });
    await menuItem.getByText('En attente de validation', { exact: true }).waitFor();
    await expect
      .poll(() => workflow.locator('.ant-tag').first().textContent(), { timeout: 15_000 })
      .toBe('En attente de validation');
    await workflow.getByText('Brouillon → En attente de validation').waitFor();
    await workflow.getByText('Merci de valider le contrat cadre').waitFor();
    const validatorRow = envelopesTab.locator('.ant-card').filter({ hasText: 'Valideurs' }).locator('tr.ant-table-row');
    await validatorRow.filter({ hasText: 'Camille Chef de projet' }).waitFor();
    await validatorRow.filter({ hasText: 'Claude Comptable' }).waitFor();
    expect(await envelopesTab.getByRole('button', { name: 'Envoyer en validation' }).count()).toBe(0);
    const envelopes = await api<EnvelopeSummary[]>(`/contract/${demo.contract.id}/envelopes`, admin);
    expect(envelopes.find((row) => row.id === demo.envelope.id)?.statusWF?.nodeCode).toBe('env_pending_validation');
    expect(page.url()).toContain(`envelopeId=${demo.envelope.id}`);
    await screenshot(page, 'contracts-06-sent');
    await page.context().close();

    // --- the two validators decide: the first validation alone leaves the envelope pending
    const envelopeUrl = `${baseUrl()}/#/sst/contract/${demo.contract.id}?envelopeId=${demo.envelope.id}`;
    const validate = async (username: string, stillPending: boolean) => {
      const validator = await newPage(browser);
      validator.setDefaultTimeout(15_000);
      await signIn(validator, username);
      await validator.goto(envelopeUrl);
      const panel = validator.getByRole('region', { name: /Workflow/ });
      await panel.getByRole('button', { name: 'Valider' }).click();
      // a first validation among several is recorded, the envelope stays pending (the toast says so)
      await validator
        .getByText(stillPending ? /Décision enregistrée : l’élément reste à l’étape/ : /Élément passé à l’étape/)
        .first()
        .waitFor();
      const record = await api<{ statusWF: { nodeCode: string } | null; validators: { decision: string | null }[] }>(
        `/envelope/${demo?.envelope.id}`,
        admin,
      );
      expect(record.statusWF?.nodeCode).toBe(stillPending ? 'env_pending_validation' : 'env_validated');
      await screenshot(validator, `contracts-07-validated-by-${username}`);
      await validator.context().close();
    };
    await validate('cdp', true);
    await validate('comptable', false);

    // --- sent for signature to two signers; the simulator signs and the signed copy appears in the envelope
    const buyer = await newPage(browser);
    buyer.setDefaultTimeout(20_000);
    await signIn(buyer, 'admin');
    await buyer.goto(envelopeUrl);
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
    for (const index of ['1', '2']) {
      await signing
        .locator('.ant-card')
        .filter({ hasText: `Signataire ${index}` })
        .getByText('Automatique')
        .click();
    }
    await signing.getByLabel('Signataire 2 – Texte repère').fill('key1');
    await signing.getByText('anchor strings should be different').waitFor();
    expect(await signing.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    // the demo PDF has no anchors: both sign where the provider places them by hand
    for (const index of ['1', '2']) {
      await signing
        .locator('.ant-card')
        .filter({ hasText: `Signataire ${index}` })
        .getByText('Manuelle')
        .click();
    }
    await screenshot(buyer, 'contracts-08-signers');
    await signing.getByRole('button', { name: 'Envoyer' }).click();
    await signing.waitFor({ state: 'hidden' });
    await buyer.getByText('Signature électronique : En cours de signature').waitFor();
    // the simulator signs after its delay and calls ISF's webhook: the signed copy joins the envelope
    await buyer.getByText('Signature électronique : Signée').waitFor({ timeout: 60_000 });
    await buyer.reload();
    const signedDocuments = buyer.locator('.isf-document-manager');
    await signedDocuments.getByRole('button', { name: `Télécharger ${filename.replace(/\.pdf$/, '')} - signé.pdf` }).waitFor();
    const status = await api<EnvelopeSummary[]>(`/contract/${demo.contract.id}/envelopes`, admin);
    expect(status.find((row) => row.id === demo?.envelope.id)?.statusWF?.nodeCode).toBe('env_signed');
    await screenshot(buyer, 'contracts-09-signed');
    await buyer.context().close();
  });
});
