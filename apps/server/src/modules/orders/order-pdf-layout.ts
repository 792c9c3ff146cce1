import type { MarketVatType } from '@isf/contract';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  CLIENT_SIGNATURE,
  type DocumentParties,
  documentDefinition,
  documentHead,
  fact,
  factsGrid,
  REVERSE_CHARGE_MENTION,
  signatures,
  type TotalLine,
  VAT_LABELS,
} from '../../platform/pdf-blocks.js';
import { type DocumentIssuer, formatDateFr, formatEuroFr } from '../../platform/pdf-document.js';
import { prestationLinesTable } from '../../platform/pdf-prestation-lines.js';

export { REVERSE_CHARGE_MENTION } from '../../platform/pdf-blocks.js';

/** Everything the purchase order prints about the order, its market, the subcontractor and the issuer's side. */
export type OrderPdfOrder = DocumentParties & {
  reference: string;
  name: string;
  date: string;
  endDate: string;
  deliveryDate: string | null;
  executionPeriod: string | null;
  mainClient: string | null;
  clientMarket: string | null;
  clientBdc: string | null;
  observation: string | null;
  marketEdifice: string;
  contractNumber: string | null;
  tva: MarketVatType;
  paymentType: string | null;
  paymentTerm: string | null;
  oracleProject: string | null;
  oracleTask: string | null;
  imputationEotp: string | null;
};

/** An ordered line (non-zero quantity), amounts as decimal strings. */
export type OrderPdfLine = {
  category: string;
  code: string;
  description: string;
  unit: string;
  unitPrice: string;
  quantity: string;
  total: string;
};

export type OrderPdfTotals = {
  net: string;
  /** Percent ("20", "10"), null under reverse charge. */
  vatRate: string | null;
  vat: string;
  gross: string;
  reverseCharge: boolean;
};

export type OrderPdfData = { order: OrderPdfOrder; lines: OrderPdfLine[]; totals: OrderPdfTotals };

/** The market as the closing notes name it: its edifice, and its contract when it has one. */
export function marketMention(order: OrderPdfOrder): string {
  return `${order.marketEdifice}${order.contractNumber ? ` (contrat ${order.contractNumber})` : ''}`;
}

/** The market's facts, as both the purchase order and the work statement print them. */
export function marketFacts(order: OrderPdfOrder): Content {
  return factsGrid('Marché', [
    fact('Marché', order.marketEdifice),
    fact('N° de contrat', order.contractNumber),
    fact('Mode de paiement', order.paymentType),
    fact('Conditions de paiement', order.paymentTerm),
    fact('Régime de TVA', VAT_LABELS[order.tva]),
    fact('Commande client', order.clientBdc),
    fact('Client principal', order.mainClient),
    fact('Marché client', order.clientMarket),
  ]);
}

function orderFacts(order: OrderPdfOrder): Content {
  return factsGrid('Commande', [
    fact('Objet', order.name, true),
    fact('Date de fin', formatDateFr(order.endDate)),
    fact('Date de livraison', formatDateFr(order.deliveryDate)),
    fact('Délai d’exécution', order.executionPeriod),
    fact('Imputation eOTP', order.imputationEotp),
    fact('Projet ERP', order.oracleProject),
    fact('Tâche ERP', order.oracleTask),
    ...(order.observation ? [fact('Observations', order.observation, true)] : []),
  ]);
}

function totalLines(figures: OrderPdfTotals): TotalLine[] {
  return figures.reverseCharge
    ? [
        { label: 'Total HT', value: formatEuroFr(figures.net) },
        { label: 'TVA', value: 'Autoliquidation' },
        { label: 'Net à payer HT', value: formatEuroFr(figures.net), strong: true },
        { mention: REVERSE_CHARGE_MENTION },
      ]
    : [
        { label: 'Total HT', value: formatEuroFr(figures.net) },
        { label: `TVA ${figures.vatRate} %`, value: formatEuroFr(figures.vat) },
        { label: 'Total TTC', value: formatEuroFr(figures.gross), strong: true },
      ];
}

/** The pdfmake definition of a French purchase order (bon de commande) on A4. */
export function orderPdfDefinition(data: OrderPdfData, issuer: DocumentIssuer, today: string): TDocumentDefinitions {
  const { order } = data;
  return documentDefinition({
    name: `Bon de commande ${order.reference}`,
    issuer,
    today,
    subject: order.name,
    content: [
      ...documentHead(issuer, order, {
        title: 'BON DE COMMANDE',
        subtitle: 'Ordre de service de sous-traitance',
        reference: order.reference,
        lines: [{ label: 'Date de commande', value: formatDateFr(order.date) }],
      }),
      marketFacts(order),
      orderFacts(order),
      prestationLinesTable({
        title: 'Détail des prestations commandées',
        widths: { code: 50, unit: 52, unitPrice: 54 },
        quantities: [{ title: 'Quantité', width: 40 }],
        amount: { title: 'Total HT', width: 66 },
        lines: data.lines.map((line) => ({ ...line, group: line.category, quantities: [line.quantity] })),
        empty: 'Aucune prestation commandée.',
        totals: totalLines(data.totals),
      }),
      signatures(
        `Les prestations sont exécutées et facturées aux prix unitaires du bordereau du marché ${marketMention(order)}. ` +
          `Toute facture rappelle la référence ${order.reference}.`,
        [CLIENT_SIGNATURE, { title: 'BON POUR ACCORD DU SOUS-TRAITANT', hint: 'Date, cachet et signature' }],
      ),
    ],
  });
}
