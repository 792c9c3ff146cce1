import type { Invoice } from '@e-invoice-eu/core';
import Decimal from 'decimal.js';
import type { DocumentIssuer } from '../../platform/pdf-document.js';
import { type StatementPdfData, statementNumber, statementPeriod } from './statement-pdf-layout.js';

/**
 * The statement as an EN 16931 invoice (Factur-X, profile EN 16931, CII syntax), written by
 * `@e-invoice-eu/core` from its UBL-shaped JSON. The subcontractor's agency is the seller, the issuer of
 * the documents the buyer. Each invoiced attachment is a line (its amount); the RG withheld and the
 * deposit used are document allowances, the RG released a document charge, so the monetary totals are the
 * statement's own figures (docs/money.md): LineTotal = totalAmount, TaxBasisTotal = totalAmountWithReleasedRG,
 * TaxTotal = tvaamount, GrandTotal = DuePayable = totalAmountTTC. Under reverse charge the VAT category is AE
 * with its exemption reason (CGI art. 283-2 nonies).
 */

export const FACTURX_FORMAT = 'Factur-X-EN16931';
export const REVERSE_CHARGE_REASON = 'Autoliquidation - article 283-2 nonies du CGI';

const EUR = 'EUR';
const amount = (value: string) => new Decimal(value).toFixed(2);

/** The French intra-community VAT number of a SIREN (key = (12 + 3 × (SIREN mod 97)) mod 97); null without one. */
export function frenchVatNumber(siren: string | null): string | null {
  const digits = siren?.replace(/\s/g, '').slice(0, 9) ?? '';
  if (!/^\d{9}$/.test(digits)) {
    return null;
  }
  const key = (12 + 3 * (Number(digits) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${digits}`;
}

function address(lines: readonly (string | null)[]) {
  const [first, second] = lines.filter((line): line is string => Boolean(line?.trim()));
  return {
    ...(first ? { 'cbc:StreetName': first } : {}),
    ...(second ? { 'cbc:AdditionalStreetName': second } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'FR' },
  };
}

/** The EN 16931 invoice of a statement, in the library's UBL-shaped JSON. */
export function statementInvoice(data: StatementPdfData, issuer: DocumentIssuer): Invoice {
  const { statement, parties, market } = data;
  const reverseCharge = statement.market.reverseCharge;
  const category = {
    'cbc:ID': reverseCharge ? 'AE' : 'S',
    'cbc:Percent': reverseCharge ? '0' : (statement.tvaRate ?? '0'),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  } as const;
  const money = (value: string) => ({ value: amount(value), currency: EUR });
  const withCurrency = <K extends string>(key: K, value: string) =>
    ({ [key]: money(value).value, [`${key}@currencyID`]: EUR }) as Record<K | `${K}@currencyID`, string>;
  const allowances = [
    { charge: false, reason: 'Retenue de garantie', value: statement.rgamount },
    { charge: false, reason: 'Avance consommée', value: statement.depositUsed },
    { charge: true, reason: 'Libération de retenue de garantie', value: statement.rgreleased },
  ].filter((entry) => !new Decimal(entry.value).isZero());
  const sellerVat = frenchVatNumber(parties.companySiren ?? parties.agencySiret);
  const period = statementPeriod(statement.date);
  const paymentNote = [
    market.paymentTermName ? `Conditions de paiement : ${market.paymentTermName}` : null,
    statement.theoreticalPaymentDate ? `date de paiement théorique ${statement.theoreticalPaymentDate}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': statementNumber(statement.id),
      'cbc:IssueDate': statement.date,
      ...(statement.theoreticalPaymentDate ? { 'cbc:DueDate': statement.theoreticalPaymentDate } : {}),
      'cbc:InvoiceTypeCode': '380',
      ...(reverseCharge ? { 'cbc:Note': [REVERSE_CHARGE_REASON] } : {}),
      'cbc:DocumentCurrencyCode': EUR,
      'cbc:BuyerReference': market.edifice,
      'cac:InvoicePeriod': { 'cbc:StartDate': period.start, 'cbc:EndDate': period.end },
      ...(market.clientBdc ? { 'cac:OrderReference': { 'cbc:ID': market.clientBdc } } : {}),
      ...(market.contractNumber ? { 'cac:ContractDocumentReference': { 'cbc:ID': market.contractNumber } } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': parties.agencyName },
          'cac:PostalAddress': address([parties.agencyAddress]),
          ...(sellerVat ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': sellerVat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': parties.companyName,
            ...(parties.agencySiret ? { 'cbc:CompanyID': parties.agencySiret, 'cbc:CompanyID@schemeID': '0009' } : {}),
          },
          ...(parties.agencyManager || parties.agencyMail || parties.agencyPhone
            ? {
                'cac:Contact': {
                  ...(parties.agencyManager ? { 'cbc:Name': parties.agencyManager } : {}),
                  ...(parties.agencyPhone ? { 'cbc:Telephone': parties.agencyPhone } : {}),
                  ...(parties.agencyMail ? { 'cbc:ElectronicMail': parties.agencyMail } : {}),
                },
              }
            : {}),
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cac:PartyName': { 'cbc:Name': issuer.name },
          'cac:PostalAddress': address(issuer.address),
          ...(issuer.vatNumber
            ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': issuer.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
            : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': issuer.name,
            ...(issuer.siret ? { 'cbc:CompanyID': issuer.siret, 'cbc:CompanyID@schemeID': '0009' } : {}),
          },
        },
      },
      ...(paymentNote ? { 'cac:PaymentTerms': { 'cbc:Note': paymentNote } } : {}),
      ...(allowances.length > 0
        ? {
            'cac:AllowanceCharge': allowances.map((entry) => ({
              'cbc:ChargeIndicator': entry.charge ? 'true' : 'false',
              'cbc:AllowanceChargeReason': entry.reason,
              ...withCurrency('cbc:Amount', entry.value),
              'cac:TaxCategory': category,
            })),
          }
        : {}),
      'cac:TaxTotal': [
        {
          ...withCurrency('cbc:TaxAmount', statement.tvaamount),
          'cac:TaxSubtotal': [
            {
              ...withCurrency('cbc:TaxableAmount', statement.totalAmountWithReleasedRG),
              ...withCurrency('cbc:TaxAmount', statement.tvaamount),
              'cac:TaxCategory': reverseCharge
                ? { ...category, 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE', 'cbc:TaxExemptionReason': REVERSE_CHARGE_REASON }
                : category,
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...withCurrency('cbc:LineExtensionAmount', statement.totalAmount),
        ...withCurrency('cbc:TaxExclusiveAmount', statement.totalAmountWithReleasedRG),
        ...withCurrency('cbc:TaxInclusiveAmount', statement.totalAmountTTC),
        ...withCurrency('cbc:AllowanceTotalAmount', new Decimal(statement.rgamount).plus(statement.depositUsed).toFixed(2)),
        ...withCurrency('cbc:ChargeTotalAmount', statement.rgreleased),
        ...withCurrency('cbc:PayableAmount', statement.totalAmountTTC),
      },
      'cac:InvoiceLine': data.attachments.map((row, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': '1',
        'cbc:InvoicedQuantity@unitCode': 'C62',
        ...withCurrency('cbc:LineExtensionAmount', row.amount),
        'cac:Item': {
          'cbc:Name': `Attachement ${row.reference}`,
          'cbc:Description': `Commande ${row.orderReference}`,
          'cac:SellersItemIdentification': { 'cbc:ID': row.reference },
          'cac:ClassifiedTaxCategory': category,
        },
        'cac:Price': withCurrency('cbc:PriceAmount', row.amount),
      })),
    },
  };
  return invoice as unknown as Invoice;
}

/** Silences the library's console chatter; its errors still throw. */
const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * The statement's PDF made Factur-X: PDF/A-3 with `factur-x.xml` (EN 16931, CII) embedded and its XMP
 * metadata, by the library. Works offline (no network, no LibreOffice: we hand it the PDF).
 */
export async function embedFacturX(pdf: Buffer, data: StatementPdfData, issuer: DocumentIssuer): Promise<Buffer> {
  // loaded with the first statement PDF: its schemas weigh about 20 MB (docs/performance.md, "Memory")
  const { InvoiceService } = await import('@e-invoice-eu/core');
  const service = new InvoiceService(quietLogger);
  const rendered = await service.generate(statementInvoice(data, issuer), {
    format: FACTURX_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: pdf, filename: `situation-${statementNumber(data.statement.id)}.pdf`, mimetype: 'application/pdf' },
  });
  return Buffer.from(rendered as Uint8Array);
}
