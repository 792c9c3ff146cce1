import type { Database } from '../db/client.js';
import { oracleConfigurations } from '../db/schema/oracle-configurations.js';

type ConfigurationSeed = { code: string; name: string; description: string; value: string };

/**
 * The settings of what ISF sends to Oracle Fusion procurement (purchase orders, receipts, retention
 * invoices), with the values of the demo's Oracle instance.
 */
export const ORACLE_CONFIGURATION_SEEDS: ConfigurationSeed[] = [
  {
    code: 'PO_PROCUREMENT_BU',
    name: "Business unit d'approvisionnement",
    description: 'Business unit Oracle qui émet les commandes fournisseurs (ProcurementBU).',
    value: 'ISF Achats France',
  },
  {
    code: 'PO_DEFAULT_REQUISITIONING_BU',
    name: 'Business unit de réquisition par défaut',
    description: "Business unit de réquisition des commandes dont le projet n'en a pas (RequisitioningBU).",
    value: 'BU Nouvelle-Aquitaine',
  },
  {
    code: 'PO_DOCUMENT_STYLE',
    name: 'Style de document des commandes',
    description: 'Style du bon de commande créé dans Oracle (DocumentStyle).',
    value: 'Commande de sous-traitance',
  },
  {
    code: 'PO_BUYER_NAME',
    name: 'Acheteur des commandes',
    description: 'Acheteur Oracle porté par les commandes envoyées (Buyer) ; il doit exister comme acheteur dans Oracle.',
    value: 'Service Achats Réseaux',
  },
  {
    code: 'PO_CURRENCY_CODE',
    name: 'Devise des commandes',
    description: 'Code ISO 4217 de la devise des commandes et des réceptions (CurrencyCode).',
    value: 'EUR',
  },
  {
    code: 'PO_DEFAULT_LINE_TYPE',
    name: 'Type de ligne par défaut',
    description: 'Type des lignes de commande (LineType) : quantité multipliée par le prix unitaire du BPU.',
    value: 'Goods',
  },
  {
    code: 'PO_DESTINATION_TYPE',
    name: 'Type de destination',
    description: 'Destination des lignes de commande (DestinationTypeCode) : dépense imputée au projet.',
    value: 'EXPENSE',
  },
  {
    code: 'PO_EXPENDITURE_TYPE',
    name: 'Type de dépense projet',
    description: 'Type de dépense Oracle Projects des distributions de commande (ExpenditureTypeName).',
    value: 'Sous-traitance travaux',
  },
  {
    code: 'PO_TAX_CLASSIFICATION',
    name: 'Classification fiscale par défaut',
    description: "Code de classification fiscale des lignes quand le marché n'en précise pas (TaxClassificationCode).",
    value: 'FR TVA 20%',
  },
  {
    code: 'RECEIPT_ROUTING',
    name: 'Mode de réception',
    description: 'Routage des réceptions créées à la validation des attachements : Standard, Direct ou Inspection.',
    value: 'Direct',
  },
  {
    code: 'RECEIPT_ORGANIZATION_CODE',
    name: 'Organisation de réception',
    description: "Code de l'organisation d'inventaire où les réceptions sont saisies (OrganizationCode).",
    value: 'ISF_REC',
  },
  {
    code: 'RETENTION_INVOICE_TYPE',
    name: 'Type de facture de retenue de garantie',
    description: 'Type de facture Payables créée à la libération des retenues de garantie (InvoiceType).',
    value: 'Standard',
  },
  {
    code: 'RETENTION_PAY_GROUP',
    name: 'Groupe de paiement des retenues',
    description: 'Groupe de paiement Payables des factures de libération des retenues de garantie (PayGroup).',
    value: 'RG_LIBERATION',
  },
];

export async function seedOracleConfigurations(db: Database): Promise<void> {
  await db.insert(oracleConfigurations).values(ORACLE_CONFIGURATION_SEEDS);
}
