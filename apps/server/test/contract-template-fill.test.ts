import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import {
  CONTRACT_TEMPLATE_ENCRYPTED_MESSAGE,
  CONTRACT_TEMPLATE_UNREADABLE_MESSAGE,
  contractTemplateFieldOf,
} from '@isf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies, companies, users } from '../src/db/schema/index.js';
import { createContract } from './contracts-fixtures.js';
import { actingAs, createTestApp, inject, login, type TestApp } from './helper.js';
import { multipart } from './multipart.js';

let testApp: TestApp;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await login(testApp.app, 'admin', 'admin');
});

afterAll(async () => {
  await testApp?.close();
});

/** A one-page template whose text fields carry these names, as a word processor exports a form. */
async function formTemplate(fieldNames: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('CONTRAT DE SOUS-TRAITANCE', { x: 50, y: 800, size: 14, font });
  const form = pdf.getForm();
  fieldNames.forEach((name, index) => {
    form.createTextField(name).addToPage(page, { x: 200, y: 760 - index * 30, width: 300, height: 20 });
  });
  return Buffer.from(await pdf.save());
}

/** A one-page template with no form field at all. */
async function plainTemplate(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Conditions générales', { x: 50, y: 800, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

async function upload(content: Buffer, templateName = 'Contrat cadre'): Promise<number> {
  const form = multipart([
    { name: 'templateName', value: templateName },
    { name: 'file', fileName: 'modele.pdf', content, contentType: 'application/pdf' },
  ]);
  const created = await inject(testApp.app, {
    method: 'POST',
    url: '/api/contracttemplate/create',
    token: admin,
    payload: form.payload,
    headers: form.headers,
  });
  expect(created.statusCode, created.body).toBe(200);
  return Number(created.json().id);
}

/** The filled template, downloaded as the envelope modal does (a form post carrying the token). */
function download(contractId: number, templateId: number, token = admin) {
  return inject(testApp.app, {
    method: 'POST',
    url: `/api/contract/${contractId}/contracttemplate/${templateId}`,
    payload: `token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The strings a page shows (`<hex> Tj` and `(text) Tj` of its content streams), WinAnsi read as Latin-1. */
function pageText(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const source = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)]
    .map((match) => (match[1] !== undefined ? Buffer.from(match[1], 'hex').toString('latin1') : (match[2] ?? '')))
    .join('\n');
}

/** The texts a page draws with where they start and the font size (pdf-lib's `/<font> size Tf … x y Tm <hex> Tj`). */
function pageTexts(pdf: PDFDocument, index: number) {
  const contents = pdf.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const source = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  return [...source.matchAll(/\/(\S+) ([\d.]+) Tf[\s\S]*?1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g)].map(
    (match) => ({
      bold: (match[1] ?? '').startsWith('Helvetica-Bold'),
      size: Number(match[2]),
      x: Number(match[3]),
      y: Number(match[4]),
      text: Buffer.from(match[5] ?? '', 'hex').toString('latin1'),
    }),
  );
}

/** A one-page template of that size, with no form field. */
async function plainTemplateOf(width: number, height: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([width, height]).drawText('CG', { x: 10, y: 10, size: 8, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

describe('contract template download, filled with the contract', () => {
  it('lays the summary out within any page: narrow pages stack labels over wrapped values, tiny ones get A4', async () => {
    const measure = await PDFDocument.create();
    const regular = await measure.embedFont(StandardFonts.Helvetica);
    const bold = await measure.embedFont(StandardFonts.HelveticaBold);
    const longBuyer = 'Direction régionale des achats travaux fibre optique Nouvelle-Aquitaine et Occitanie';
    const contractId = await createContract(testApp.app, testApp.db, admin, { referentBuyer: longBuyer });
    for (const [width, height, expected] of [
      [200, 280, [595.28, 841.89]],
      [300, 420, [300, 420]],
      [595, 842, [595, 842]],
      [842, 595, [842, 595]],
    ] as const) {
      const response = await download(contractId, await upload(await plainTemplateOf(width, height), `Modèle ${width}`));
      expect(response.statusCode, response.body).toBe(200);
      const filled = await PDFDocument.load(response.rawPayload);
      const summaryPages = filled.getPageCount() - 1;
      expect(summaryPages).toBeGreaterThanOrEqual(1);
      const words: string[] = [];
      for (let index = 0; index < summaryPages; index += 1) {
        const page = filled.getPage(index).getSize();
        expect([page.width, page.height].map((side) => Math.round(side))).toEqual(expected.map((side) => Math.round(side)));
        for (const text of pageTexts(filled, index)) {
          const textWidth = (text.bold ? bold : regular).widthOfTextAtSize(text.text, text.size);
          expect(text.x, `${text.text} on ${width}×${height}`).toBeGreaterThanOrEqual(18);
          expect(text.x + textWidth, `${text.text} on ${width}×${height}`).toBeLessThanOrEqual(page.width - 18 + 0.01);
          expect(text.y, `${text.text} on ${width}×${height}`).toBeGreaterThanOrEqual(18);
          expect(text.y + text.size, `${text.text} on ${width}×${height}`).toBeLessThanOrEqual(page.height - 18);
          words.push(...text.text.split(' '));
        }
      }
      // nothing lost to the wrapping
      expect(words.join(' ')).toContain(longBuyer);
      expect(words).toContain('Référent');
      expect(pageText(filled, summaryPages)).toContain('CG');
    }
  });

  it('fills each form field named after a contract field, locks it, and leaves the other fields to the buyer', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin, {
      signatureDate: '2026-01-05',
      startDate: '2026-01-10',
      endDate: '2027-01-09',
      referentBuyer: 'Acheteur Éric',
    });
    const contract = (await inject(testApp.app, { method: 'GET', url: `/api/contract/${contractId}`, token: admin })).json();
    const [agency] = await testApp.db
      .select({ name: agencies.name, company: companies.name })
      .from(agencies)
      .innerJoin(companies, eq(companies.id, agencies.companyId))
      .where(eq(agencies.id, contract.agency));
    const [referent] = await testApp.db.select({ mail: users.mail }).from(users).where(eq(users.id, contract.referent));
    const templateId = await upload(
      await formTemplate([
        'contractNumber',
        'Page1.agency',
        'COMPANY',
        'signature_date',
        'start-date',
        'endDate',
        'duration',
        'referent',
        'referentEmail',
        'adminReferent',
        'referentBuyer',
        'montantHT',
      ]),
      'Contrat cadre',
    );

    const response = await download(contractId, templateId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent(`Contrat cadre - ${contract.contractNumber}.pdf`),
    );
    const filled = await PDFDocument.load(response.rawPayload);
    const form = filled.getForm();
    const value = (name: string) => form.getTextField(name).getText();
    expect(value('contractNumber')).toBe(contract.contractNumber);
    expect(value('Page1.agency')).toBe(agency?.name);
    expect(value('COMPANY')).toBe(agency?.company);
    expect(value('signature_date')).toBe('05/01/2026');
    expect(value('start-date')).toBe('10/01/2026');
    expect(value('endDate')).toBe('09/01/2027');
    expect(value('duration')).toBe('12');
    expect(value('referent')).toBe(contract.referentName);
    expect(value('referentEmail')).toBe(referent?.mail ?? '');
    expect(value('adminReferent')).toBe(contract.adminReferentName);
    expect(value('referentBuyer')).toBe('Acheteur Éric');
    for (const field of form.getFields()) {
      // the contract's fields are locked; the template's own field stays empty and editable
      expect(field.isReadOnly(), field.getName()).toBe(field.getName() !== 'montantHT');
    }
    expect(value('montantHT')).toBeUndefined();
    // the template's pages are kept as they were: no summary page in front of a form
    expect(filled.getPageCount()).toBe(1);
    expect(pageText(filled, 0)).toContain('CONTRAT DE SOUS-TRAITANCE');
  });

  it('puts a page listing the contract’s fields in front of a template without any of them', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin, { referentBuyer: 'Hélène Achats' });
    const contract = (await inject(testApp.app, { method: 'GET', url: `/api/contract/${contractId}`, token: admin })).json();
    const response = await download(contractId, await upload(await plainTemplate(), 'Conditions'));
    expect(response.statusCode, response.body).toBe(200);
    const filled = await PDFDocument.load(response.rawPayload);
    expect(filled.getPageCount()).toBe(2);
    const summary = pageText(filled, 0);
    expect(summary).toContain(`Contrat ${contract.contractNumber}`);
    expect(summary).toContain(contract.agencyName);
    expect(summary).toContain('Date de début :');
    expect(summary).toContain('10/01/2026');
    expect(summary).toContain('Référent acheteur :');
    expect(summary).toContain('Hélène Achats');
    expect(summary).toContain(contract.adminReferentName);
    expect(pageText(filled, 1)).toContain('Conditions générales');
    // a form whose fields name no contract field gets the page too
    const other = await download(contractId, await upload(await formTemplate(['montantHT'])));
    expect((await PDFDocument.load(other.rawPayload)).getPageCount()).toBe(2);
  });

  it('writes a letter Helvetica cannot draw without its accent, and keeps within a field’s length', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin, { referentBuyer: 'Őrs Ğül ☃' });
    const pdf = await PDFDocument.load(await formTemplate(['referentBuyer', 'contractNumber']));
    pdf.getForm().getTextField('contractNumber').setMaxLength(5);
    const templateId = await upload(Buffer.from(await pdf.save()));
    const response = await download(contractId, templateId);
    expect(response.statusCode, response.body).toBe(200);
    const form = (await PDFDocument.load(response.rawPayload)).getForm();
    expect(form.getTextField('referentBuyer').getText()).toBe('Ors Gül ?');
    expect(form.getTextField('contractNumber').getText()).toHaveLength(5);
  });

  it('answers 422 in French for a template it cannot read or that is protected', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const broken = await download(contractId, await upload(Buffer.from('%PDF-1.7\nnot really a PDF\n')));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error).toBe(CONTRACT_TEMPLATE_UNREADABLE_MESSAGE);
    const locked = await PDFDocument.load(await formTemplate(['contractNumber']));
    locked.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    const encrypted = await download(contractId, await upload(Buffer.from(await locked.save())));
    expect(encrypted.statusCode, encrypted.body).toBe(422);
    expect(encrypted.json().error).toBe(CONTRACT_TEMPLATE_ENCRYPTED_MESSAGE);
  });

  it('needs the template read right, the contract read right, and the contract in scope', async () => {
    const contractId = await createContract(testApp.app, testApp.db, admin);
    const templateId = await upload(await plainTemplate());
    const both = await actingAs(testApp, { read: ['contract', 'contract_template'] });
    expect((await download(contractId, templateId, both.token)).statusCode).toBe(200);
    const noTemplate = await actingAs(testApp, { read: ['contract'] });
    expect((await download(contractId, templateId, noTemplate.token)).statusCode).toBe(403);
    const noContract = await actingAs(testApp, { read: ['contract_template'] });
    expect((await download(contractId, templateId, noContract.token)).statusCode).toBe(403);
    // a subcontractor with no agency sees no contract
    const outside = await actingAs(testApp, { read: ['contract', 'contract_template'], visibility: 4 });
    expect((await download(contractId, templateId, outside.token)).statusCode).toBe(404);
    expect((await download(contractId, 999999)).statusCode).toBe(404);
  });
});

describe('contractTemplateFieldOf', () => {
  it('reads the last name part, case, spaces, underscores and hyphens ignored', () => {
    expect(contractTemplateFieldOf('contractNumber')).toBe('contractNumber');
    expect(contractTemplateFieldOf('Page1.CONTRACT_NUMBER')).toBe('contractNumber');
    expect(contractTemplateFieldOf('admin referent')).toBe('adminReferent');
    expect(contractTemplateFieldOf('montantHT')).toBeUndefined();
    expect(contractTemplateFieldOf('contractNumber.other')).toBeUndefined();
  });
});
