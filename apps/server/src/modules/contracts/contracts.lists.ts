import { type SQL, sql } from 'drizzle-orm';
import { defineList, type ListColumn } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { agencyScope } from '../../platform/scope.js';

/**
 * The visibility scope on a contract: by its agency, as markets are (visibility 4, subcontractor staff,
 * sees the contracts of its agencies only); a contract has no project, so visibility 2 and 3 see them all.
 */
export function contractScope(principal: Principal, agencyId: SQL): SQL | undefined {
  return agencyScope(principal, agencyId);
}

const from = sql`contracts k
  JOIN agencies a ON a.id = k.agency_id
  JOIN document_types dt ON dt.id = k.document_type_id
  JOIN users ru ON ru.id = k.referent_id
  JOIN users au ON au.id = k.admin_referent_id
  LEFT JOIN contracts kp ON kp.id = k.parent_id`;

const columns: Record<string, ListColumn> = {
  id: { sql: sql`k.id`, kind: 'id', label: 'ID' },
  contractNumber: { sql: sql`k.contract_number`, kind: 'text', label: 'Numéro de contrat' },
  // the name other screens read (token tables, pickers)
  name: { sql: sql`k.contract_number`, kind: 'text', label: 'Nom', hiddenInCsv: true },
  active: { sql: sql`k.active`, kind: 'boolean', label: 'Actif' },
  agencyId: { sql: sql`k.agency_id`, kind: 'id', label: 'Agence (id)', hiddenInCsv: true },
  agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
  documentTypeId: { sql: sql`k.document_type_id`, kind: 'id', label: 'Type de document (id)', hiddenInCsv: true },
  documentTypeName: { sql: sql`dt.name`, kind: 'text', label: 'Type de document', joined: true },
  referentId: { sql: sql`k.referent_id`, kind: 'id', label: 'Référent (id)', hiddenInCsv: true },
  referentName: { sql: sql`ru.name`, kind: 'text', label: 'Référent', joined: true },
  adminReferentName: { sql: sql`au.name`, kind: 'text', label: 'Référent administratif', joined: true },
  referentBuyer: { sql: sql`k.referent_buyer`, kind: 'text', label: 'Référent acheteur' },
  signatureDate: { sql: sql`k.signature_date`, kind: 'date', label: 'Date de signature' },
  startDate: { sql: sql`k.start_date`, kind: 'date', label: 'Date de début' },
  endDate: { sql: sql`k.end_date`, kind: 'date', label: 'Date de fin' },
  duration: { sql: sql`k.duration`, kind: 'number', label: 'Durée (mois)' },
  terminationDate: { sql: sql`k.termination_date`, kind: 'date', label: 'Date de résiliation' },
  parentId: { sql: sql`k.parent_id`, kind: 'id', label: 'Contrat parent (id)', hiddenInCsv: true },
  parentNumber: { sql: sql`kp.contract_number`, kind: 'text', label: 'Contrat parent', joined: true },
  createdAt: { sql: sql`k.created_at`, kind: 'date', label: 'Créé le' },
};

/** The contract list (spec 2 /sst/contracts), scoped by the caller's agencies. */
export const contractList = defineList({
  name: 'contracts',
  from,
  countFrom: sql`contracts k`,
  idColumn: 'id',
  columns,
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => contractScope(principal, sql`k.agency_id`),
});

/** The envelopes a profile sees (`e`): those of the contracts in its scope. */
export function envelopeScope(principal: Principal, contractId: SQL): SQL | undefined {
  const scope = contractScope(principal, sql`sk.agency_id`);
  return scope ? sql`${contractId} IN (SELECT sk.id FROM contracts sk WHERE ${scope})` : undefined;
}

/** Every envelope in the caller's scope (`GET /envelope/all`), with its contract and its workflow step. */
export const envelopeList = defineList({
  name: 'envelopes',
  from: sql`envelopes e
    JOIN contracts k ON k.id = e.contract_id
    JOIN agencies a ON a.id = k.agency_id
    LEFT JOIN workflow_tokens wtk ON wtk.entity_name = 'envelope' AND wtk.entity_id = e.id
    LEFT JOIN workflow_nodes wn ON wn.id = wtk.node_id`,
  countFrom: sql`envelopes e`,
  idColumn: 'id',
  columns: {
    id: { sql: sql`e.id`, kind: 'id', label: 'ID' },
    name: { sql: sql`e.name`, kind: 'text', label: 'Nom' },
    contractId: { sql: sql`e.contract_id`, kind: 'id', label: 'Contrat (id)', hiddenInCsv: true },
    contractNumber: { sql: sql`k.contract_number`, kind: 'text', label: 'Numéro de contrat', joined: true },
    agencyName: { sql: sql`a.name`, kind: 'text', label: 'Agence', joined: true },
    nodeId: { sql: sql`wn.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true },
    nodeName: { sql: sql`wn.name`, kind: 'text', label: 'Statut', joined: true },
    nodeCode: { sql: sql`wn.code`, kind: 'text', label: 'Code étape', hiddenInCsv: true, joined: true },
    createdAt: { sql: sql`e.created_at`, kind: 'date', label: 'Créée le' },
  },
  defaultSort: { column: 'id', direction: 'asc' },
  scope: (principal) => envelopeScope(principal, sql`e.contract_id`),
});
