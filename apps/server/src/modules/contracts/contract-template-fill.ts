import { EncryptedPDFError, PDFDocument, type PDFFont, type PDFPage, PDFTextField, rgb, StandardFonts } from '@cantoo/pdf-lib';
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

/** A4 portrait, in points: the summary page of a template whose pages are too small to list the fields. */
const A4: [number, number] = [595.28, 841.89];
/** Below this usable width (points), a summary line would hold a few letters: the summary goes on A4. */
const MIN_TEXT_WIDTH = 150;
/** Below this usable width, a label and its value stack instead of standing side by side. */
const MIN_TWO_COLUMNS_WIDTH = 360;

type Line = { text: string; x: number; size: number; bold: boolean; gray: boolean; gapBefore: number };
export type SummaryText = { page: number; text: string; x: number; y: number; size: number; bold: boolean; gray: boolean };

/** The text cut into lines of at most `width` points: at spaces, and inside a word longer than a line. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const joined = current === '' ? word : `${current} ${word}`;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current !== '') {
      lines.push(current);
    }
    current = '';
    for (const character of word) {
      if (current !== '' && !fits(current + character)) {
        lines.push(current);
        current = '';
      }
      current += character;
    }
  }
  return current === '' ? lines : [...lines, current];
}

/**
 * Where each text of the summary goes (pages of the given size, top down), laid out for any page: margins in
 * proportion to the page, labels beside their values on a page wide enough and above them otherwise, every text
 * wrapped within the margins, a further page when one is full. Pure, for the tests.
 */
export function layoutSummary(
  fonts: { regular: PDFFont; bold: PDFFont },
  values: ContractTemplateValues,
  size: { width: number; height: number },
): SummaryText[] {
  const { width, height } = size;
  const margin = Math.min(56, Math.max(18, Math.round(Math.min(width, height) * 0.08)));
  const usable = width - 2 * margin;
  const fields = (Object.entries(CONTRACT_TEMPLATE_FIELDS) as [ContractTemplateField, string][]).filter(
    ([key]) => values[key] !== '' && key !== 'contractNumber',
  );
  const labels = fields.map(([, label]) => drawable(fonts.bold, `${label} :`));
  const widest = Math.max(0, ...labels.map((label) => fonts.bold.widthOfTextAtSize(label, 10)));
  const beside = usable >= MIN_TWO_COLUMNS_WIDTH;
  const labelWidth = beside ? Math.min(widest, usable * 0.45) : usable;
  const valueX = beside ? margin + labelWidth + 12 : margin;
  const valueWidth = width - margin - valueX;

  const lines: Line[] = wrap(fonts.bold, drawable(fonts.bold, `Contrat ${values.contractNumber}`), 16, usable).map((text) => ({
    text,
    x: margin,
    size: 16,
    bold: true,
    gray: false,
    gapBefore: 20,
  }));
  fields.forEach(([key], index) => {
    const labelLines = wrap(fonts.bold, labels[index] ?? '', 10, labelWidth);
    const valueLines = wrap(fonts.regular, drawable(fonts.regular, values[key]), 10, valueWidth);
    const first = { gapBefore: index === 0 ? 28 : 18 };
    if (beside) {
      // the label's and the value's lines side by side, the row as tall as the longer of the two
      for (let row = 0; row < Math.max(labelLines.length, valueLines.length); row += 1) {
        const gapBefore = row === 0 ? first.gapBefore : 13;
        const label = labelLines[row];
        const value = valueLines[row];
        if (label !== undefined) {
          lines.push({ text: label, x: margin, size: 10, bold: true, gray: true, gapBefore });
        }
        if (value !== undefined) {
          lines.push({
            text: value,
            x: valueX,
            size: 10,
            bold: false,
            gray: false,
            gapBefore: label === undefined ? gapBefore : 0,
          });
        }
      }
    } else {
      labelLines.forEach((text, row) => {
        lines.push({ text, x: margin, size: 10, bold: true, gray: true, gapBefore: row === 0 ? first.gapBefore : 13 });
      });
      for (const text of valueLines) {
        lines.push({ text, x: margin, size: 10, bold: false, gray: false, gapBefore: 13 });
      }
    }
  });

  const placed: SummaryText[] = [];
  let page = 0;
  let y = height - margin - 16;
  lines.forEach((line, index) => {
    if (index > 0) {
      y -= line.gapBefore;
    }
    if (y < margin) {
      page += 1;
      y = height - margin - line.size;
    }
    placed.push({ page, text: line.text, x: line.x, y, size: line.size, bold: line.bold, gray: line.gray });
  });
  return placed;
}

/**
 * Pages listing the contract's fields, in front of a template that names none of them: the size of the
 * template's first page, or A4 when that page is too narrow to hold a readable line.
 */
function addSummaryPages(pdf: PDFDocument, font: PDFFont, bold: PDFFont, values: ContractTemplateValues): void {
  const [first] = pdf.getPages();
  const templateSize = first ? first.getSize() : { width: A4[0], height: A4[1] };
  const tooSmall = templateSize.width - 36 < MIN_TEXT_WIDTH || templateSize.height < 2 * MIN_TEXT_WIDTH;
  const size = tooSmall ? { width: A4[0], height: A4[1] } : templateSize;
  const texts = layoutSummary({ regular: font, bold }, values, size);
  const pages: PDFPage[] = [];
  for (const text of texts) {
    while (pages.length <= text.page) {
      pages.push(pdf.insertPage(pages.length, [size.width, size.height]));
    }
    pages[text.page]?.drawText(text.text, {
      x: text.x,
      y: text.y,
      size: text.size,
      font: text.bold ? bold : font,
      ...(text.gray ? { color: rgb(0.25, 0.25, 0.25) } : {}),
    });
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
    addSummaryPages(pdf, font, await pdf.embedFont(StandardFonts.HelveticaBold), values);
  }
  return Buffer.from(await pdf.save());
}
