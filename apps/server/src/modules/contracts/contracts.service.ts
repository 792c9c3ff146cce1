import {
  CONTRACT_ENTITY,
  CONTRACT_IN_USE_MESSAGE,
  CONTRACT_NUMBER_DUPLICATE_MESSAGE,
  CONTRACT_PARENT_CYCLE_MESSAGE,
  CONTRACT_PARENT_ITSELF_MESSAGE,
  type ContractInput,
  type ContractRecord,
  formatMessage,
} from '@isf/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { contracts, documentTypes, markets, users } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud, type Values } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { agencyList } from '../agencies/index.js';
import { contractList } from './contracts.lists.js';

const selection = {
  id: contracts.id,
  version: contracts.version,
  contractNumber: contracts.contractNumber,
  active: contracts.active,
  parent: contracts.parentId,
  documentType: contracts.documentTypeId,
  agency: contracts.agencyId,
  signatureDate: contracts.signatureDate,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  duration: contracts.duration,
  terminationDate: contracts.terminationDate,
  expirationDateAfterRenewal: contracts.expirationDateAfterRenewal,
  referent: contracts.referentId,
  referentBuyer: contracts.referentBuyer,
  adminReferent: contracts.adminReferentId,
  comment: contracts.comment,
  createdAt: contracts.createdAt,
};

function columnsOf(input: ContractInput) {
  return {
    contractNumber: input.contractNumber,
    active: input.active,
    parentId: input.parent,
    documentTypeId: input.documentType,
    agencyId: input.agency,
    signatureDate: input.signatureDate ?? '',
    startDate: input.startDate ?? '',
    endDate: input.endDate ?? '',
    duration: input.duration,
    terminationDate: input.terminationDate,
    expirationDateAfterRenewal: input.expirationDateAfterRenewal,
    referentId: input.referent,
    referentBuyer: input.referentBuyer,
    adminReferentId: input.adminReferent,
    comment: input.comment,
  };
}

const parentContract = alias(contracts, 'parent_contract');
const referentUser = alias(users, 'referent_user');
const adminUser = alias(users, 'admin_user');

/** Contracts (spec 2 §3 Contract): information, parent and child contracts. */
export function createContractService(database: Database) {
  const crud = createCrud(database, { table: contracts, entity: CONTRACT_ENTITY, selection });

  /** The ids of the contract's ancestors, nearest first (a parent chain never loops: checked on save). */
  async function ancestorIds(db: Database, id: number): Promise<number[]> {
    const result = (await db.execute(sql`WITH RECURSIVE chain(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM contracts WHERE id = ${id}
        UNION ALL
        SELECT k.id, k.parent_id, chain.depth + 1 FROM contracts k JOIN chain ON k.id = chain.parent_id WHERE chain.depth < 50
      )
      SELECT id FROM chain WHERE depth > 0 ORDER BY depth`)) as unknown as { rows: { id: number }[] };
    return result.rows.map((row) => Number(row.id));
  }

  /** Agency in scope, document type, referents and parent must exist; the number is unique; no parent loop. */
  async function assertReferences(input: ContractInput, principal: Principal, id?: number) {
    const unknown = (field: string) =>
      badRequest('Élément sélectionné inconnu.', { [field]: formatMessage('validation.selectItem') });
    if (!(await isInScope(database, agencyList, principal, input.agency))) {
      throw unknown('agency');
    }
    const [type] = await database
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(eq(documentTypes.id, input.documentType));
    if (!type) {
      throw unknown('documentType');
    }
    for (const [field, userId] of [
      ['referent', input.referent],
      ['adminReferent', input.adminReferent],
    ] as const) {
      const [user] = await database
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.active, true)));
      if (!user) {
        throw unknown(field);
      }
    }
    if (input.parent !== null) {
      if (input.parent === id) {
        throw badRequest(CONTRACT_PARENT_ITSELF_MESSAGE, { parent: CONTRACT_PARENT_ITSELF_MESSAGE });
      }
      if (!(await isInScope(database, contractList, principal, input.parent))) {
        throw unknown('parent');
      }
      if (id !== undefined && (await ancestorIds(database, input.parent)).includes(id)) {
        throw badRequest(CONTRACT_PARENT_CYCLE_MESSAGE, { parent: CONTRACT_PARENT_CYCLE_MESSAGE });
      }
    }
    const same = await database
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        id === undefined
          ? eq(contracts.contractNumber, input.contractNumber)
          : and(eq(contracts.contractNumber, input.contractNumber), ne(contracts.id, id)),
      )
      .limit(1);
    if (same.length > 0) {
      throw badRequest(CONTRACT_NUMBER_DUPLICATE_MESSAGE, { contractNumber: CONTRACT_NUMBER_DUPLICATE_MESSAGE });
    }
  }

  async function get(id: number): Promise<ContractRecord> {
    const [row] = await database
      .select({
        ...selection,
        parentNumber: parentContract.contractNumber,
        documentTypeName: documentTypes.name,
        agencyName: sql<string>`(SELECT name FROM agencies WHERE id = ${contracts.agencyId})`,
        referentName: referentUser.name,
        adminReferentName: adminUser.name,
      })
      .from(contracts)
      .innerJoin(documentTypes, eq(documentTypes.id, contracts.documentTypeId))
      .innerJoin(referentUser, eq(referentUser.id, contracts.referentId))
      .innerJoin(adminUser, eq(adminUser.id, contracts.adminReferentId))
      .leftJoin(parentContract, eq(parentContract.id, contracts.parentId))
      .where(eq(contracts.id, id))
      .limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  return {
    get,
    ancestorIds: (id: number) => ancestorIds(database, id),

    async create(input: ContractInput, principal: Principal, context: AuditContext): Promise<number> {
      await assertReferences(input, principal);
      return crud.create(columnsOf(input), context);
    },

    async update(id: number, input: ContractInput & { version: number }, principal: Principal, context: AuditContext) {
      await assertReferences(input, principal, id);
      await crud.update(id, { ...columnsOf(input), version: input.version }, context, {
        // the markets of the contract carry its number (orders, attachments and their PDFs read it there)
        afterWrite: async (transaction) => {
          await transaction
            .update(markets)
            .set({ contractNumber: input.contractNumber })
            .where(and(eq(markets.contractId, id), ne(markets.contractNumber, input.contractNumber)));
          return undefined;
        },
      });
      return get(id);
    },

    /** A contract with child contracts, envelopes or markets stays (422). */
    async remove(id: number, context: AuditContext) {
      await crud.remove(id, context, {
        check: async (_before: Values, transaction: Database) => {
          const result = (await transaction.execute(sql`SELECT
              (SELECT count(*) FROM contracts WHERE parent_id = ${id})
              + (SELECT count(*) FROM envelopes WHERE contract_id = ${id})
              + (SELECT count(*) FROM markets WHERE contract_id = ${id}) AS "count"`)) as unknown as {
            rows: { count: number | string }[];
          };
          if (Number(result.rows[0]?.count ?? 0) > 0) {
            throw businessRefusal(CONTRACT_IN_USE_MESSAGE);
          }
        },
      });
    },
  };
}

export type ContractService = ReturnType<typeof createContractService>;
