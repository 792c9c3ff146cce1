import { EncryptedPDFError, PDFDocument, type PDFFont, PDFTextField, rgb, StandardFonts } from '@cantoo/pdf-lib';
import {
  CONTRACT_TEMPLATE_ENCRYPTED_MESSAGE,
  CONTRACT_TEMPLATE_FIELDS,
  CONTRACT_TEMPLATE_UNREADABLE_MESSAGE,
  type ContractTemplateField,
  contractTemplateFieldOf,
} from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { businessRefusal, notFound } from '../../platform/errors.js';
import { formatDateFr, todayInParis } from '../../platform/pdf-document.js';

export type ContractTemplateValues = Record<ContractTemplateField, string>;

/** The values of a contract's template fields (dates as 22/11/2026, empty when unset). */
export async function contractTemplateValues(database: Database, contractId: number): Promise<ContractTemplateValues> {
  const result = (await database.execute(sql`SELECT k.contract_number, dt.name AS document_type, a.name AS agency,
      c.name AS company, k.signature_date::text, k.start_date::text, k.end_date::text, k.duration,
      k.termination_date::text, k.expiration_date_after_renewal::text, ru.name AS referent, ru.mail AS referent_email,
      au.name AS admin_referent, au.mail AS admin_referent_email, k.referent_buyer, kp.contract_number AS parent_number
    FROM contracts k
    JOIN document_types dt ON dt.id = k.document_type_id
    JOIN agencies a ON a.id = k.agency_id
    JOIN companies c ON c.id = a.company_id
    JOIN users ru ON ru.id = k.referent_id
    JOIN users au ON au.id = k.admin_referent_id
    LEFT JOIN contracts kp ON kp.id = k.parent_id
    WHERE k.id = ${contractId}`)) as unknown as { rows: Record<string, string | number | null>[] };
  const row = result.rows[0];
  if (!row) {
    throw notFound();
  }
  const text = (key: string) => (row[key] === null || row[key] === undefined ? '' : String(row[key]));
  return {
    contractNumber: text('contract_number'),
    documentType: text('document_type'),
    agency: text('agency'),
    company: text('company'),
    signatureDate: formatDateFr(text('signature_date')),
    startDate: formatDateFr(text('start_date')),
    endDate: formatDateFr(text('end_date')),
    duration: text('duration'),
    terminationDate: formatDateFr(text('termination_date')),
    expirationDateAfterRenewal: formatDateFr(text('expiration_date_after_renewal')),
    referent: text('referent'),
    referentEmail: text('referent_email'),
    adminReferent: text('admin_referent'),
    adminReferentEmail: text('admin_referent_email'),
    referentBuyer: text('referent_buyer'),
    parentContract: text('parent_number'),
    editionDate: formatDateFr(todayInParis()),
  };
}

/**
 * The text as the standard Helvetica font can draw it (WinAnsi): a letter it lacks loses its accent
 * (ő → o), anything else becomes "?". The field keeps the same text as its appearance shows.
 */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((character) => {
      if (supported.has(character.codePointAt(0) ?? 0)) {
        return character;
      }
      const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
      return [...bare].every((part) => supported.has(part.codePointAt(0) ?? 0)) ? bare : '?';
    })
    .join('');
}

/** A first page listing the contract's fields, for a template that names none of them. */
function addSummaryPage(pdf: PDFDocument, font: PDFFont, bold: PDFFont, values: ContractTemplateValues): void {
  const [first] = pdf.getPages();
  const { width, height } = first ? first.getSize() : { width: 595.28, height: 841.89 };
  const page = pdf.insertPage(0, [width, height]);
  let y = height - 72;
  page.drawText(drawable(bold, `Contrat ${values.contractNumber}`), { x: 56, y, size: 16, font: bold });
  y -= 32;
  for (const [key, label] of Object.entries(CONTRACT_TEMPLATE_FIELDS) as [ContractTemplateField, string][]) {
    const value = values[key];
    if (value === '' || key === 'contractNumber') {
      continue;
    }
    page.drawText(drawable(bold, `${label} :`), { x: 56, y, size: 10, font: bold, color: rgb(0.25, 0.25, 0.25) });
    page.drawText(drawable(font, value), { x: 250, y, size: 10, font, maxWidth: width - 306 });
    y -= 18;
  }
}

/**
 * The template filled with the contract's fields (docs/decisions.md, "Contract templates filled"): each
 * text form field named after a contract field gets its value and becomes read-only, the template's other
 * fields stay for the buyer to complete; a template with none of them gets a summary page in front.
 */
export async function fillContractTemplate(template: Buffer, values: ContractTemplateValues): Promise<Buffer> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(template, { updateMetadata: false });
  } catch (error) {
    throw businessRefusal(
      error instanceof EncryptedPDFError ? CONTRACT_TEMPLATE_ENCRYPTED_MESSAGE : CONTRACT_TEMPLATE_UNREADABLE_MESSAGE,
    );
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let filled = 0;
  try {
    const form = pdf.getForm();
    for (const field of form.getFields()) {
      const key = contractTemplateFieldOf(field.getName());
      if (!key || !(field instanceof PDFTextField)) {
        continue;
      }
      const limit = field.getMaxLength();
      const value = drawable(font, values[key]);
      field.setText(limit === undefined ? value : value.slice(0, limit));
      field.enableReadOnly();
      filled += 1;
    }
    if (filled > 0) {
      form.updateFieldAppearances(font);
    }
  } catch {
    throw businessRefusal(CONTRACT_TEMPLATE_UNREADABLE_MESSAGE);
  }
  if (filled === 0) {
    addSummaryPage(pdf, font, await pdf.embedFont(StandardFonts.HelveticaBold), values);
  }
  return Buffer.from(await pdf.save());
}
