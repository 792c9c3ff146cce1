import type { StatementAttachmentRow, StatementDetailRecord } from '@isf/contract';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  CLIENT_SIGNATURE,
  type DocumentParties,
  documentDefinition,
  documentHead,
  fact,
  factsGrid,
  linesTable,
  REVERSE_CHARGE_MENTION,
  SUBCONTRACTOR_SIGNATURE,
  signatures,
  type TotalLine,
} from '../../platform/pdf-blocks.js';
import { type DocumentIssuer, formatAmountFr, formatDateFr, formatEuroFr } from '../../platform/pdf-document.js';
import { netAmount } from '../attachments/index.js';

/** The market facts a statement prints beside its figures. */
export type StatementPdfMarket = {
  edifice: string;
  contractNumber: string | null;
  clientBdc: string | null;
  sapReference: string | null;
  paymentTypeName: string | null;
  paymentTermName: string | null;
};

/** What the statement PDF (and its Factur-X XML) is made of: the detail as the API answers it, and its parties. */
export type StatementPdfData = {
  statement: StatementDetailRecord;
  attachments: StatementAttachmentRow[];
  parties: DocumentParties & { companySiren: string | null };
  market: StatementPdfMarket;
};

/** The statement's number on its documents ("SIT-000042"). */
export const statementNumber = (id: number) => `SIT-${String(id).padStart(6, '0')}`;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** The period a statement covers: the calendar month of its date (first and last day, and its French name). */
export function statementPeriod(date: string): { start: string; end: string; label: string } {
  const [year = 1970, month = 1] = date.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    start: `${year}-${pad(month)}-01`,
    end: `${year}-${pad(month)}-${pad(last)}`,
    label: `${MONTHS[month - 1]} ${year}`,
  };
}

function deducted(value: string): string {
  return /^-?0+(\.0+)?$/.test(value) ? formatEuroFr(value) : `-${formatEuroFr(value)}`;
}

/** Spec 2 §3's figures, in its order, down to totalAmountTTC; the VAT line follows the regime. */
export function statementTotalLines(statement: StatementDetailRecord): TotalLine[] {
  const lines: TotalLine[] = [
    { label: 'Montant des travaux HT (total des attachements)', value: formatEuroFr(statement.totalAmount) },
    { label: 'Retenue de garantie', value: deducted(statement.rgamount) },
    { label: 'Avance consommée', value: deducted(statement.depositUsed) },
    { label: 'RG restant à libérer (pour information)', value: formatEuroFr(statement.rgToRelease) },
    { label: 'RG libérée dans cette situation', value: formatEuroFr(statement.rgreleased) },
    { label: 'Total HT hors RG', value: formatEuroFr(statement.totalAmountWithoutRG) },
    { label: 'Total HT avec RG libérée', value: formatEuroFr(statement.totalAmountWithReleasedRG) },
  ];
  return statement.market.reverseCharge
    ? [
        ...lines,
        { label: 'TVA (autoliquidation)', value: formatEuroFr(statement.tvaamount) },
        { label: 'Net à payer', value: formatEuroFr(statement.totalAmountTTC), strong: true },
        { mention: REVERSE_CHARGE_MENTION },
      ]
    : [
        ...lines,
        { label: `TVA ${statement.tvaRate} %`, value: formatEuroFr(statement.tvaamount) },
        { label: 'Total TTC', value: formatEuroFr(statement.totalAmountTTC), strong: true },
      ];
}

/** The pdfmake definition of a monthly statement (situation mensuelle) on A4. */
export function statementPdfDefinition(data: StatementPdfData, issuer: DocumentIssuer, today: string): TDocumentDefinitions {
  const { statement, market } = data;
  const number = statementNumber(statement.id);
  const period = statementPeriod(statement.date);
  return documentDefinition({
    name: `Situation ${number}`,
    issuer,
    today,
    subject: `Situation mensuelle du marché ${market.edifice}`,
    content: [
      ...documentHead(issuer, data.parties, {
        title: 'SITUATION MENSUELLE',
        titleSize: 13,
        subtitle: `Période : ${period.label}`,
        reference: number,
        lines: [
          { label: 'Date', value: formatDateFr(statement.date) },
          { label: 'Marché', value: market.edifice },
          { label: 'Payée le', value: formatDateFr(statement.paidAt) },
        ],
      }),
      factsGrid('Marché et paiement', [
        fact('Marché', market.edifice),
        fact('N° de contrat', market.contractNumber),
        fact('Bon de commande client', market.clientBdc),
        fact('Référence SAP', statement.sapReference ?? market.sapReference),
        fact('Période', `du ${formatDateFr(period.start)} au ${formatDateFr(period.end)}`),
        fact('Régime de TVA', statement.market.reverseCharge ? 'Autoliquidation' : `TVA ${statement.tvaRate} %`),
        fact('Mode de paiement', market.paymentTypeName),
        fact('Conditions de paiement', market.paymentTermName),
        fact('Paiement théorique', formatDateFr(statement.theoreticalPaymentDate)),
        fact('Statut', statement.paidAt ? 'Payée' : 'Non payée'),
      ]),
      linesTable({
        title: 'Attachements facturés',
        columns: [
          { title: 'Attachement', width: '*' },
          { title: 'Montant HT', width: 66, numeric: true },
          { title: 'RG', width: 56, numeric: true },
          { title: 'Avance', width: 56, numeric: true },
          { title: 'Net HT', width: 76, numeric: true },
        ],
        lines: data.attachments.map((row) => ({
          group: `Commande ${row.orderReference}`,
          cells: [
            row.reference,
            formatAmountFr(row.amount),
            formatAmountFr(row.totalRg),
            formatAmountFr(row.depositUsed),
            formatAmountFr(netAmount(row.amount, row.totalRg, row.depositUsed)),
          ],
        })),
        empty: 'Aucun attachement facturé.',
        totals: statementTotalLines(statement),
        fontSize: 8,
      }),
      linesTable({
        title: 'Retenues de garantie libérées',
        columns: [
          { title: 'Attachement', width: '*' },
          { title: 'Date de libération', width: 80 },
          { title: 'RG libérée', width: 76, numeric: true },
        ],
        lines: statement.releasedAttachments.map((release) => ({
          group: `Commande ${release.orderReference}`,
          cells: [release.reference, formatDateFr(release.rgReleaseDate), formatAmountFr(release.rgReleased)],
        })),
        empty: 'Aucune retenue de garantie libérée dans cette situation.',
        totals: [{ label: 'Total RG libérée', value: formatEuroFr(statement.rgreleased), strong: true }],
        fontSize: 8,
      }),
      signatures(
        `Situation établie sur les attachements validés du marché ${market.edifice}. ` +
          `Toute facture rappelle la référence ${number}. Données de facturation électronique jointes (Factur-X, EN 16931).`,
        [SUBCONTRACTOR_SIGNATURE, CLIENT_SIGNATURE],
      ),
    ],
  });
}
