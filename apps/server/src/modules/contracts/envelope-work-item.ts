import { ENVELOPE_ENTITY } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { can, type Principal } from '../../platform/principal.js';
import type { WorkItemKind } from '../workflow/index.js';
import { envelopeScope } from './contracts.lists.js';

/**
 * Envelopes as work items of the envelope workflow: a profile sees an envelope's token when it may read
 * envelopes and the envelope's contract is in its scope. Token tables show its name, contract and agency.
 */
export const envelopeWorkItem: WorkItemKind = {
  entity: ENVELOPE_ENTITY,
  scope(principal: Principal, entityId: SQL): SQL {
    if (!can(principal, 'envelope', 'read')) {
      return sql`FALSE`;
    }
    const scope = envelopeScope(principal, sql`we.contract_id`);
    return scope
      ? sql`EXISTS (SELECT 1 FROM envelopes we WHERE we.id = ${entityId} AND ${scope})`
      : sql`EXISTS (SELECT 1 FROM envelopes we WHERE we.id = ${entityId})`;
  },
  label: (entityId) => sql`(SELECT we.name FROM envelopes we WHERE we.id = ${entityId})`,
  columns: (entityId) => {
    const of = (expression: SQL) => sql`(SELECT ${expression} FROM envelopes we WHERE we.id = ${entityId})`;
    return {
      envelopeName: { sql: of(sql`we.name`), kind: 'text', label: 'Enveloppe' },
      contractId: { sql: of(sql`we.contract_id`), kind: 'id', label: 'Contrat (id)', hiddenInCsv: true },
      contractNumber: {
        sql: of(sql`(SELECT wk.contract_number FROM contracts wk WHERE wk.id = we.contract_id)`),
        kind: 'text',
        label: 'Numéro de contrat',
      },
      agencyName: {
        sql: of(sql`(SELECT wa.name FROM contracts wk JOIN agencies wa ON wa.id = wk.agency_id WHERE wk.id = we.contract_id)`),
        kind: 'text',
        label: 'Agence',
      },
    };
  },
};
