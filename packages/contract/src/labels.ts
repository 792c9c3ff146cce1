import type { ResourceKey } from './resources.js';

/** French labels of fields, shared by the web (fr catalogue) and the server (CSV headers). */
export const FIELD_LABELS_FR: Record<string, string> = {
  id: 'ID',
  name: 'Nom',
  oracleCode: 'Code Oracle',
  code: 'Code',
  description: 'Description',
  invoiceLocation: 'Lieu de facturation',
  deliveryLocation: 'Lieu de livraison',
  supplyChainOrganization: 'Organisation logistique',
  type: 'Type',
  manager: 'Responsable',
  managerName: 'Responsable',
  typeName: 'Type',
  address: 'Adresse',
  value: 'Valeur',
};

export const RESOURCE_TITLES_FR: Record<ResourceKey, { title: string; one: string }> = {
  units: { title: 'Unités', one: 'Unité' },
  projecttypes: { title: 'Types de projet', one: 'Type de projet' },
  prestationtypes: { title: 'Types de prestation', one: 'Type de prestation' },
  prestationreferences: { title: 'Références de prestation', one: 'Référence de prestation' },
  documenttypes: { title: 'Types de document', one: 'Type de document' },
  businessunits: { title: 'Business units', one: 'Business unit' },
  paymenttypes: { title: 'Types de paiement', one: 'Type de paiement' },
  paymentterms: { title: 'Conditions de paiement', one: 'Condition de paiement' },
  oracleconfigurations: { title: 'Configuration Oracle', one: 'Paramètre Oracle' },
};
