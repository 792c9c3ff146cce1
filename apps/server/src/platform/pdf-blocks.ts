import type { MarketVatType } from '@isf/contract';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { type DocumentIssuer, formatDateFr } from './pdf-document.js';

/**
 * The building blocks of the business documents (purchase order, work statement): the issuer's header,
 * the title frame, the two parties, the facts grids, the lines table with its totals, the signature boxes
 * and the page frame (running header, "Page x / y" footer). Each document only says what it prints.
 */

/** Spec 2 §9 and CGI art. 283-2 nonies: the mention a reverse-charge document carries instead of VAT. */
export const REVERSE_CHARGE_MENTION = 'Autoliquidation : TVA due par le preneur, article 283-2 nonies du CGI';

export const VAT_LABELS: Record<MarketVatType, string> = {
  basic: 'TVA 20 %',
  tenPercents: 'TVA 10 %',
  reverseCharge: 'Autoliquidation',
};

const INK = '#1f2933';
export const MUTED = '#5f6b7a';
const ACCENT = '#1f3a5f';
const SHADE = '#eef2f7';
const CATEGORY_SHADE = '#dfe6ef';
const STRIPE = '#f7f9fb';
const RULE = '#c3ccd7';

/** Thin rules everywhere, a stronger one under the header row. */
const gridLayout: CustomTableLayout = {
  hLineWidth: (index, node) => (index === (node.table.headerRows ?? 0) && index > 0 ? 1 : 0.5),
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 2.5,
  paddingBottom: () => 2,
};

const frameLayout: CustomTableLayout = { ...gridLayout, paddingTop: () => 4, paddingBottom: () => 4, paddingLeft: () => 7 };

/** A table inside a cell of a grid table: the outer table draws its edges. */
const innerLayout: CustomTableLayout = {
  ...gridLayout,
  hLineWidth: (index, node) => (index === 0 || index === node.table.body.length ? 0 : 0.5),
  vLineWidth: (index, node) => (index === 0 || index === (node.table.widths?.length ?? 0) ? 0 : 0.5),
};

/** "12345678900012" → "123 456 789 00012". */
export function formatSiret(siret: string | null): string | null {
  return siret && /^\d{14}$/.test(siret) ? siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4') : siret;
}

function present(...values: (string | null | undefined)[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** A labelled line of a party block, left out when the value is empty. */
function labelled(label: string, value: string | null | undefined): Content[] {
  return value ? [{ text: [{ text: `${label} : `, color: MUTED }, value], margin: [0, 1, 0, 0] }] : [];
}

/** A framed block with a shaded title bar. */
function framed(title: string, body: Content[]): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [{ text: title, style: 'blockTitle', fillColor: SHADE }],
        [{ stack: body.length > 0 ? body : [{ text: '—', color: MUTED }] }],
      ],
    },
    layout: frameLayout,
  };
}

/** What the parties blocks print: the issuer's project and follower, the subcontractor's agency. */
export type DocumentParties = {
  companyName: string;
  agencyName: string;
  agencyAddress: string | null;
  agencySiret: string | null;
  agencyMail: string | null;
  agencyPhone: string | null;
  agencyManager: string | null;
  projectName: string;
  projectCode: string;
  projectAddress: string | null;
  businessUnitName: string | null;
  businessUnitDescription: string | null;
  invoiceLocation: string | null;
  deliveryLocation: string | null;
  followerName: string | null;
  followerMail: string | null;
  followerPhone: string | null;
};

function issuerHeader(issuer: DocumentIssuer, parties: DocumentParties): Content {
  return {
    stack: [
      { text: issuer.name, fontSize: 17, bold: true, color: ACCENT },
      ...present(...issuer.address).map((line) => ({ text: line, color: MUTED })),
      ...present(
        issuer.siret ? `SIRET ${formatSiret(issuer.siret)}` : null,
        issuer.vatNumber ? `N° TVA intracommunautaire ${issuer.vatNumber}` : null,
        issuer.contact,
      ).map((line) => ({ text: line, color: MUTED })),
      ...present(parties.businessUnitName).map((line) => ({
        text: [{ text: line, bold: true }, parties.businessUnitDescription ? ` – ${parties.businessUnitDescription}` : ''],
        margin: [0, 4, 0, 0] as [number, number, number, number],
      })),
    ],
  };
}

/** The document's title frame: a dark band (title, subtitle), then the reference and dated lines. */
export type DocumentTitle = {
  title: string;
  /** Points; a longer title takes a smaller size to hold on one line of the frame. */
  titleSize?: number;
  subtitle: string;
  reference: string;
  /** Label / value lines under the reference (empty values left out). */
  lines: { label: string; value: string | null }[];
};

function titleBlock({ title, titleSize = 15, subtitle, reference, lines }: DocumentTitle): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: title, fontSize: titleSize, bold: true, color: 'white' },
              { text: subtitle, fontSize: 8.5, color: '#d6e0ec' },
            ],
            fillColor: ACCENT,
            margin: [4, 4, 4, 4],
          },
        ],
        [
          {
            stack: [
              {
                text: [
                  { text: 'N° ', color: MUTED },
                  { text: reference, bold: true },
                ],
                // a long reference (e.g. an attachment's) on one line
                fontSize: reference.length > 26 ? 9 : 10.5,
              },
              ...lines
                .filter((line) => line.value)
                .map((line) => ({ text: [{ text: `${line.label} : `, color: MUTED }, line.value ?? ''], margin: [0, 2, 0, 0] })),
            ],
            margin: [4, 2, 4, 2],
          } as TableCell,
        ],
      ],
    },
    layout: frameLayout,
  };
}

/** The issuer's header beside the title frame, then the two parties side by side. */
export function documentHead(issuer: DocumentIssuer, parties: DocumentParties, title: DocumentTitle): Content[] {
  const client = framed('DONNEUR D’ORDRE', [
    { text: issuer.name, bold: true },
    ...labelled('Projet', `${parties.projectName} (${parties.projectCode})`),
    ...labelled('Adresse du projet', parties.projectAddress),
    ...labelled('Lieu de livraison', parties.deliveryLocation),
    ...labelled('Lieu de facturation', parties.invoiceLocation),
    ...labelled('Suivi par', parties.followerName),
    ...present(present(parties.followerMail, parties.followerPhone).join(' · ')).map((line) => ({ text: line, color: MUTED })),
  ]);
  const subcontractor = framed('SOUS-TRAITANT', [
    { text: parties.companyName, bold: true },
    ...(parties.agencyName !== parties.companyName ? [{ text: parties.agencyName }] : []),
    ...present(parties.agencyAddress).map((line) => ({ text: line })),
    ...labelled('SIRET', formatSiret(parties.agencySiret)),
    ...labelled('Contact', parties.agencyManager),
    ...labelled('Courriel', parties.agencyMail),
    ...labelled('Téléphone', parties.agencyPhone),
  ]);
  return [
    { columns: [issuerHeader(issuer, parties), { width: 210, stack: [titleBlock(title)] }], columnGap: 16 },
    { columns: [client, subcontractor], columnGap: 12, margin: [0, 12, 0, 0] },
  ];
}

export type Fact = { label: string; value: string | null; wide?: boolean };

/** A fact of a grid; a wide one takes the whole row. */
export const fact = (label: string, value: string | null, wide = false): Fact => ({ label, value, wide });

/** Label / value pairs, two per row, or one across the row when wide; an empty value prints a dash. */
export function factsGrid(title: string, facts: Fact[]): Content {
  const cells = ({ label, value, wide }: Fact): TableCell[] => [
    { text: label, color: MUTED, fillColor: SHADE },
    { text: value && value.trim() !== '' ? value : '—', ...(wide ? { colSpan: 3 } : {}) },
    ...(wide ? [{}, {}] : []),
  ];
  const rows: TableCell[][] = [];
  let pending: Fact | null = null;
  for (const fact of facts) {
    if (fact.wide || pending) {
      rows.push(pending ? [...cells(pending), ...(fact.wide ? [{ text: '', colSpan: 2 }, {}] : cells(fact))] : cells(fact));
      if (pending && fact.wide) {
        rows.push(cells(fact));
      }
      pending = null;
    } else {
      pending = fact;
    }
  }
  if (pending) {
    rows.push([...cells(pending), { text: '', colSpan: 2 }, {}]);
  }
  return {
    stack: [
      { text: title, style: 'sectionTitle' },
      { table: { widths: [96, '*', 96, '*'], body: rows }, layout: gridLayout },
    ],
    margin: [0, 10, 0, 0],
  };
}

/** A banner across the page (a stamped mention such as "Décompte général définitif"). */
export function banner(text: string, detail: string): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text, bold: true, fontSize: 10, color: ACCENT },
              { text: detail, color: MUTED, fontSize: 7.5 },
            ],
            fillColor: SHADE,
          },
        ],
      ],
    },
    layout: { ...frameLayout, hLineColor: () => ACCENT, vLineColor: () => ACCENT, hLineWidth: () => 1, vLineWidth: () => 1 },
    margin: [0, 10, 0, 0],
  };
}

/** A line of the totals: a figure (strong: the dark closing one), or a mention across the block. */
export type TotalLine = { label: string; value: string; strong?: boolean } | { mention: string };

/** A column of a lines table; numbers are right aligned and never wrap. */
export type LineColumn = { title: string; width: number | '*'; numeric?: boolean; noWrap?: boolean };

/** A printed line: its group (a shaded row opens each new one) and its cells, in the columns' order. */
export type PrintedLine = { group: string; cells: string[] };

const NUMBER = { alignment: 'right', noWrap: true } as const;

/**
 * The totals as the table's last row (one row, so never split across pages, and always after the last
 * line): a table of their own whose value column lines up with the lines' last column.
 */
function totalsRow(lines: TotalLine[], span: number, valueWidth: number | '*'): TableCell[] {
  const rows = lines.map((line): TableCell[] => {
    if ('mention' in line) {
      return [{ text: line.mention, colSpan: 2, bold: true, alignment: 'right' }, {}];
    }
    const style = line.strong ? { bold: true, fillColor: ACCENT, color: 'white' } : { fillColor: SHADE };
    return [
      { text: line.label, alignment: 'right', ...style },
      { text: line.value, ...NUMBER, ...style },
    ];
  });
  return [
    { colSpan: span, margin: [-4, -2.5, -4, -2], table: { widths: ['*', valueWidth], body: rows }, layout: innerLayout },
    ...Array.from({ length: span - 1 }, () => ({})),
  ];
}

/** The lines grouped under shaded rows, striped, with the header repeated on each page and the totals last. */
export function linesTable(options: {
  title: string;
  columns: LineColumn[];
  lines: PrintedLine[];
  empty: string;
  totals: TotalLine[];
  fontSize?: number;
}): Content {
  const { columns } = options;
  const span = columns.length;
  const filler = () => Array.from({ length: span - 1 }, () => ({}));
  const header: TableCell[] = columns.map((column) => ({
    text: column.title,
    style: 'tableHeader',
    alignment: column.numeric ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header];
  let group: string | null = null;
  options.lines.forEach((line, index) => {
    if (line.group !== group) {
      group = line.group;
      body.push([{ text: group, colSpan: span, bold: true, fillColor: CATEGORY_SHADE, color: ACCENT }, ...filler()]);
    }
    const fillColor = index % 2 === 1 ? STRIPE : undefined;
    body.push(
      line.cells.map(
        (text, column) =>
          ({
            text,
            fillColor,
            ...(columns[column]?.numeric ? NUMBER : {}),
            ...(columns[column]?.noWrap ? { noWrap: true } : {}),
          }) as TableCell,
      ),
    );
  });
  if (options.lines.length === 0) {
    body.push([{ text: options.empty, colSpan: span, italics: true, color: MUTED }, ...filler()]);
  }
  body.push(totalsRow(options.totals, span, columns[span - 1]?.width ?? '*'));
  return {
    stack: [
      { text: options.title, style: 'sectionTitle' },
      {
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: columns.map((column) => column.width),
          body,
        },
        layout: gridLayout,
        fontSize: options.fontSize ?? 8.5,
      },
    ],
    margin: [0, 12, 0, 0],
  };
}

/** A signature box: who signs, and what they write in the box. */
export type SignatureBox = { title: string; hint: string };

/** The subcontractor's box on the documents it signs after the issuer prepared them. */
export const SUBCONTRACTOR_SIGNATURE: SignatureBox = { title: 'LE SOUS-TRAITANT', hint: 'Date, cachet et signature' };

/** The issuer's box, as the client who gives the order. */
export const CLIENT_SIGNATURE: SignatureBox = { title: 'POUR LE DONNEUR D’ORDRE', hint: 'Nom, date et signature' };

/** A closing note, then the two signature boxes side by side, kept on one page. */
export function signatures(note: string, boxes: [SignatureBox, SignatureBox]): Content {
  const box = ({ title, hint }: SignatureBox): Content => ({
    table: {
      widths: ['*'],
      heights: [12, 40],
      body: [[{ text: title, style: 'blockTitle', fillColor: SHADE }], [{ text: hint, color: MUTED, fontSize: 7.5 }]],
    },
    layout: frameLayout,
  });
  return {
    stack: [
      { text: note, color: MUTED, fontSize: 7.5, margin: [0, 8, 0, 6] },
      { columns: boxes.map(box), columnGap: 12 },
    ],
    unbreakable: true,
  };
}

/**
 * An A4 document: `name` ("Bon de commande ABC") heads the pages after the first and starts the footer,
 * which ends with "Page x / y".
 */
export function documentDefinition(options: {
  name: string;
  issuer: DocumentIssuer;
  today: string;
  subject: string;
  content: Content[];
}): TDocumentDefinitions {
  const { name, issuer } = options;
  return {
    pageSize: 'A4',
    pageMargins: [40, 44, 40, 48],
    info: { title: name, author: issuer.name, subject: options.subject, creator: 'ISF' },
    header: (currentPage) =>
      currentPage > 1
        ? {
            columns: [
              { text: issuer.name, bold: true, color: ACCENT },
              { text: name, alignment: 'right', color: MUTED },
            ],
            margin: [40, 22, 40, 0],
            fontSize: 8,
          }
        : null,
    footer: (currentPage, pageCount) => ({
      stack: [
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.5, lineColor: RULE }] },
        {
          columns: [
            { text: `${name} – édité le ${formatDateFr(options.today)}`, color: MUTED },
            { text: `Page ${currentPage} / ${pageCount}`, alignment: 'right', color: MUTED },
          ],
          margin: [0, 5, 0, 0],
        },
      ],
      margin: [40, 14, 40, 0],
      fontSize: 7.5,
    }),
    content: options.content,
    defaultStyle: { font: 'Roboto', fontSize: 8.5, color: INK, lineHeight: 1.1 },
    styles: {
      sectionTitle: { fontSize: 10, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
      blockTitle: { fontSize: 8, bold: true, color: ACCENT, characterSpacing: 0.4 },
      tableHeader: { bold: true, color: 'white', fillColor: ACCENT },
    },
  };
}
