import type { OwnerDocumentRow } from '@isf/contract';
import { describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, escapeRegExp, expectHash, newPage, screenshot, signIn, typeDate } from '../support/browser.js';
import { choose, demoContract, downloaded, MINIMAL_PDF, pick } from '../support/contracts.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

type EnvelopeSummary = { id: number; name: string; statusWF: { nodeCode: string; nodeName: string } | null };

describe('contracts signed for real', () => {
  it('a new contract’s new envelope: a PDF, two validators (the first alone does not validate), two signers, the signed copy in the envelope and on the documents screen', {
    timeout: 600_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);

    const page = await newPage(browser());
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
    await typeDate(modal.getByLabel('Date de signature'), '15/01/2026');
    await typeDate(modal.getByLabel('Date de début'), '01/02/2026');
    await typeDate(modal.getByLabel('Date de fin'), '31/01/2028');
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
      const validator = await newPage(browser());
      validator.setDefaultTimeout(30_000);
      await signIn(validator, username);
      await validator.goto(envelopeUrl);
      const panel = validator.getByRole('region', { name: /Workflow/ });
      // the validator reads the envelope's documents (the project manager has no document right of its own),
      // which stand on the envelope's step
      const validatorDocuments = validator.locator('.isf-document-manager');
      const uploadedRow = validatorDocuments.locator('tr.ant-table-row').filter({ hasText: filename });
      await uploadedRow.getByText('En attente de validation', { exact: true }).waitFor();
      expect(await validator.getByText('no read access to this entity').count()).toBe(0);
      await panel.getByRole('button', { name: 'Valider' }).click();
      await validator
        .getByText(stillPending ? /Décision enregistrée : l’élément reste à l’étape/ : /Élément passé à l’étape/)
        .first()
        .waitFor();
      const record = await api<EnvelopeDetail>(`/envelope/${envelopeId}`, admin);
      expect(record.statusWF?.nodeCode).toBe(stillPending ? 'env_pending_validation' : 'env_validated');
      // a validator decides once: Valider and Refuser are gone once they have validated
      await panel.getByRole('button', { name: 'Valider' }).waitFor({ state: 'hidden' });
      expect(await panel.getByRole('button', { name: 'Refuser' }).count()).toBe(0);
      if (!stillPending) {
        await uploadedRow.getByText('Validé', { exact: true }).waitFor();
      }
      await screenshot(validator, `contracts-06-validated-by-${username}`);
      await validator.context().close();
      return record;
    };
    const afterFirst = await validate('cdp', true);
    // the first decision is recorded, the other still awaited
    expect(afterFirst.validators.map((row) => row.decision).sort()).toEqual([null, 'validated'].sort());
    await validate('comptable', false);

    // --- sent for signature to two signers; the simulator signs and the signed copy appears in the envelope
    const buyer = await newPage(browser());
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
    // the envelope's documents, its signed copy among them, are signed with it
    for (const name of [filename, signedName]) {
      await envelopeDocuments.locator('tr.ant-table-row').filter({ hasText: name }).getByText('Signé', { exact: true }).waitFor();
    }
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
    // the envelope by its name, a link to its contract's Envelopes tab; both documents signed
    const ownerLink = signedRow.getByRole('link', { name: `Enveloppe : ${envelopeName}` });
    expect(await ownerLink.getAttribute('href')).toBe(`#/sst/contract/${contractId}?envelopeId=${envelopeId}`);
    await expect.poll(async () => (await rows.allTextContents()).filter((text) => text.includes('Signé')).length).toBe(2);
    await screenshot(buyer, 'contracts-09-documents');
    // the envelope's own documents (`GET /documents?entity=&id=`): the upload and its signed copy
    const owned = (await api<OwnerDocumentRow[]>(`/documents?entity=envelope&id=${envelopeId}`, admin)).sort(
      (a, b) => a.id - b.id,
    );
    expect(owned.map((row) => row.filename)).toEqual([filename, signedName]);
    const signedId = owned[1]?.id;
    await signedRow.getByRole('link', { name: signedName, exact: true }).click();
    await expectHash(buyer, `#/document/${signedId}`);
    await buyer.getByRole('heading', { name: `Document : ${signedName}` }).waitFor();
    const detailOwner = buyer.getByRole('link', { name: `Enveloppe : ${envelopeName}` });
    await detailOwner.waitFor();
    expect(await buyer.getByText(`Enveloppe : ${envelopeId}`, { exact: true }).count()).toBe(0);
    const documentWorkflow = buyer.getByRole('region', { name: /^Workflow / });
    await expect.poll(() => documentWorkflow.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe('Signé');
    // a signed copy is not sent to validation (nor signed again)
    expect(await buyer.getByRole('button', { name: 'Envoyer en validation' }).count()).toBe(0);
    expect(await buyer.getByRole('button', { name: 'Envoyer à la signature' }).count()).toBe(0);
    await buyer.locator('.ant-card').filter({ hasText: 'Valideurs' }).waitFor();
    await screenshot(buyer, 'contracts-10-document-detail');
    const signedCopy = await downloaded(buyer, () => buyer.getByRole('button', { name: 'Télécharger' }).click());
    expect(signedCopy.name).toBe(signedName);
    expect(signedCopy.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the alternate link form of spec 1's route table opens the same detail
    await buyer.goto(`${baseUrl()}/#/documents/${signedId}`);
    await buyer.getByRole('heading', { name: `Document : ${signedName}` }).waitFor();
    // the envelope's link opens it in its contract
    await buyer.getByRole('link', { name: `Enveloppe : ${envelopeName}` }).click();
    await expectHash(buyer, `#/sst/contract/${contractId}?envelopeId=${envelopeId}`);
    await buyer
      .getByRole('tabpanel', { name: 'Enveloppes' })
      .getByRole('menuitem', { name: new RegExp(escapeRegExp(envelopeName)) })
      .waitFor();
    await buyer.context().close();
  });
});
