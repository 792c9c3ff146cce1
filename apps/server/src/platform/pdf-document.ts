import { createRequire } from 'node:module';
import Decimal from 'decimal.js';
import type { FastifyReply } from 'fastify';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/** No-break space: Roboto has no narrow no-break space (U+202F), which Intl's fr-FR grouping uses. */
const NBSP = '\u00a0';

type PdfMake = typeof import('pdfmake');

let renderer: Promise<PdfMake> | undefined;

/**
 * pdfmake, loaded with the first document (a server that makes none never holds it, docs/performance.md
 * "Memory"), with Roboto as shipped inside it. The local access policy lets pdfmake read these four files
 * only and the URL policy refuses every download: a document definition cannot reach the disk or the network.
 */
function pdfRenderer(): Promise<PdfMake> {
  renderer ??= import('pdfmake').then(({ default: pdfmake }: { default: PdfMake }) => {
    withFonts(pdfmake);
    return pdfmake;
  });
  return renderer;
}

function withFonts(pdfmake: PdfMake): void {
  const require = createRequire(import.meta.url);
  const font = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);
  const roboto = {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-MediumItalic.ttf'),
  };
  const allowed = new Set(Object.values(roboto));
  pdfmake.setFonts({ Roboto: roboto });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => allowed.has(path));
}

/** A deep copy of arrays and plain objects (pdfmake rewrites table bodies in place); functions and buffers are kept. */
function copyDefinition<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((item) => copyDefinition(item)) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyDefinition(item)])) as T;
  }
  return value;
}

/** Renders a pdfmake document definition (left untouched) to a PDF buffer. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await pdfRenderer();
  return pdfmake.createPdf(copyDefinition(definition)).getBuffer();
}

/** 1234.5 → "1 234,50" (decimal string in, two decimals, no-break space between thousands). */
export function formatAmountFr(value: string | Decimal): string {
  const [whole = '0', decimals = '00'] = new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)},${decimals}`;
}

/** 1234.5 → "1 234,50 €". */
export function formatEuroFr(value: string | Decimal): string {
  return `${formatAmountFr(value)}${NBSP}€`;
}

/** A quantity as typed ("3.5" → "3,5", "12.0" → "12"). */
export function formatQuantityFr(value: string): string {
  const [whole = '0', decimals = ''] = new Decimal(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return decimals ? `${grouped},${decimals}` : grouped;
}

/** "2026-11-22" (or a timestamp) → "22/11/2026"; empty for null. */
export function formatDateFr(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Today in Paris as YYYY-MM-DD (the date printed on a document edited now). */
export function todayInParis(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

/**
 * The company that issues the documents (purchase orders, statements). No table holds its legal
 * identity, so it comes from the environment; only the name has a default, the other lines are
 * printed when set.
 */
export type DocumentIssuer = {
  name: string;
  address: string[];
  siret: string | null;
  vatNumber: string | null;
  contact: string | null;
};

export function issuerFromEnvironment(environment: NodeJS.ProcessEnv = process.env): DocumentIssuer {
  const text = (name: string) => environment[name]?.trim() || null;
  return {
    name: text('PDF_ISSUER_NAME') ?? 'ISF',
    address: (text('PDF_ISSUER_ADDRESS') ?? '')
      .split('|')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    siret: text('PDF_ISSUER_SIRET'),
    vatNumber: text('PDF_ISSUER_VAT_NUMBER'),
    contact: text('PDF_ISSUER_CONTACT'),
  };
}

/** Answers a PDF as a download under its file name (ASCII fallback, then the UTF-8 name), never cached. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  const asciiName = fileName.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
