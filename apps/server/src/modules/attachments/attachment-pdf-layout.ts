import type { AttachmentDetailRecord, AttachmentPrestationLine } from '@isf/contract';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  banner,
  CLIENT_SIGNATURE,
  documentDefinition,
  documentHead,
  fact,
  factsGrid,
  REVERSE_CHARGE_MENTION,
  SUBCONTRACTOR_SIGNATURE,
  signatures,
  type TotalLine,
} from '../../platform/pdf-blocks.js';
import { type DocumentIssuer, formatDateFr, formatEuroFr, formatQuantityFr } from '../../platform/pdf-document.js';
import { prestationLinesTable } from '../../platform/pdf-prestation-lines.js';
import { marketFacts, marketMention, type OrderPdfOrder } from '../orders/index.js';
import type { AttachmentVat } from './attachment-amounts.js';

/**
 * What the work statement prints: the attachment's detail (its figures as the service stores and answers
 * them), its order's header facts, the lines attached this time, and the VAT of the net to pay.
 */
export type AttachmentPdfData = {
  attachment: AttachmentDetailRecord;
  order: OrderPdfOrder;
  lines: AttachmentPrestationLine[];
  vat: AttachmentVat;
};

/** Printed on a final attachment (DGD): the statement closes the order's works. */
export const DGD_MENTION = 'DÉCOMPTE GÉNÉRAL DÉFINITIF (DGD)';
export const DGD_DETAIL =
  'Dernier attachement de la commande : il arrête le montant définitif des travaux exécutés au titre de la commande.';

/** A withheld amount as a deduction ("-50,00 €"); nothing withheld prints as is. */
function deducted(value: string): string {
  return /^0+(\.0+)?$/.test(value) ? formatEuroFr(value) : `-${formatEuroFr(value)}`;
}

function attachmentFacts({ attachment, order }: AttachmentPdfData): Content {
  return factsGrid('Attachement', [
    fact('Commande', attachment.orderReference),
    fact('Date de commande', formatDateFr(order.date)),
    fact('Complément', attachment.orderName, true),
    fact('Montant commandé HT', formatEuroFr(attachment.orderTotal)),
    fact('Étape', attachment.statusWF?.nodeName ?? null),
    fact('Date de l’attachement', formatDateFr(attachment.createdAt)),
    fact('Date de validation', formatDateFr(attachment.validatedAt)),
    fact('Validé par', attachment.validatorName),
    fact('Libération de la RG', formatDateFr(attachment.rgReleaseDate)),
    fact('Imputation eOTP', order.imputationEotp),
    fact('Projet ERP', order.oracleProject),
    fact('Observations', attachment.observation, true),
  ]);
}

function totalLines({ attachment, vat }: AttachmentPdfData): TotalLine[] {
  const rate = attachment.rgRate === null ? 'non applicable' : `${formatQuantityFr(attachment.rgRate)} %`;
  const withheld: TotalLine[] = [
    { label: 'Montant des travaux HT', value: formatEuroFr(attachment.amount) },
    { label: `Retenue de garantie (${rate})`, value: deducted(attachment.totalRg) },
    { label: 'Avance consommée', value: deducted(attachment.depositUsed) },
  ];
  return vat.reverseCharge
    ? [
        ...withheld,
        { label: 'Net à payer HT', value: formatEuroFr(attachment.netAmount), strong: true },
        { label: 'TVA', value: 'Autoliquidation' },
        { mention: REVERSE_CHARGE_MENTION },
      ]
    : [
        ...withheld,
        { label: 'Net à payer HT', value: formatEuroFr(attachment.netAmount) },
        { label: `TVA ${vat.rate} %`, value: formatEuroFr(vat.vat) },
        { label: 'Net à payer TTC', value: formatEuroFr(vat.gross), strong: true },
      ];
}

function groupOf(line: AttachmentPrestationLine): string {
  const category = line.category ?? 'Sans catégorie';
  return line.subcategory ? `${category} › ${line.subcategory}` : category;
}

/** The pdfmake definition of a French work statement (attachement de travaux) on A4. */
export function attachmentPdfDefinition(data: AttachmentPdfData, issuer: DocumentIssuer, today: string): TDocumentDefinitions {
  const { attachment, order } = data;
  return documentDefinition({
    name: `Attachement ${attachment.reference}`,
    issuer,
    today,
    subject: attachment.orderName,
    content: [
      ...documentHead(issuer, order, {
        title: 'ATTACHEMENT DE TRAVAUX',
        titleSize: 12.5,
        subtitle: 'Situation des travaux réalisés',
        reference: attachment.reference,
        lines: [
          { label: 'Commande', value: attachment.orderReference },
          { label: 'Date', value: formatDateFr(attachment.createdAt) },
        ],
      }),
      ...(attachment.isDGD ? [banner(DGD_MENTION, DGD_DETAIL)] : []),
      marketFacts(order),
      attachmentFacts(data),
      prestationLinesTable({
        title: 'Prestations attachées',
        widths: { code: 42, unit: 34, unitPrice: 48 },
        quantities: [
          { title: 'Qté cdée', width: 36 },
          { title: 'Cumul antérieur', width: 42 },
          { title: 'Qté période', width: 38 },
          { title: 'Cumul', width: 34 },
        ],
        amount: { title: 'Montant HT', width: 60 },
        lines: data.lines.map((line) => ({
          ...line,
          group: groupOf(line),
          quantities: [line.orderedQuantity, line.cumulativePreviousQuantity, line.quantity, line.cumulativeQuantity],
        })),
        empty: 'Aucune prestation attachée.',
        totals: totalLines(data),
        fontSize: 7.5,
      }),
      signatures(
        `Quantités exécutées constatées contradictoirement et valorisées aux prix unitaires du bordereau du marché ` +
          `${marketMention(order)}. ` +
          `Toute facture rappelle les références ${attachment.orderReference} et ${attachment.reference}.`,
        [SUBCONTRACTOR_SIGNATURE, CLIENT_SIGNATURE],
      ),
    ],
  });
}
