import {
  formatMessage,
  MARKET_ALREADY_ACTIVE_MESSAGE,
  MARKET_ALREADY_INACTIVE_MESSAGE,
  MARKET_CANNOT_BE_DEACTIVATED_MESSAGE,
  MARKET_CONTRACT_AGENCY_MESSAGE,
  MARKET_DELETE_NOT_DRAFT_MESSAGE,
  MARKET_EDIFICE_DUPLICATE_MESSAGE,
  MARKET_VAT_LOCKED_MESSAGE,
  type MarketBpu,
  type MarketDepositType,
  type MarketInput,
  type MarketRecord,
  type MarketVatType,
} from '@isf/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bpus, bpuTemplates, contracts, documents, markets, paymentTerms, paymentTypes } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { createCrud, type Values } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { buildWhere, isInScope } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import { agencyList } from '../agencies/index.js';
import { projectList } from '../projects/index.js';
import { removeToken, startToken, tokenOfItem } from '../workflow/index.js';
import { canBeDeactivated, countOrdersInProgress, moneyHasMoved } from './market-rules.js';
import type { MarketVatFollowers } from './market-vat-followers.js';
import { MARKET_ENTITY } from './market-work-item.js';
import { marketList } from './markets.lists.js';

const selection = {
  id: markets.id,
  version: markets.version,
  edifice: markets.edifice,
  agency: markets.agencyId,
  project: markets.projectId,
  maxAmountDC4: markets.maxAmountDc4,
  paymentType: markets.paymentTypeId,
  paymentTerm: markets.paymentTermId,
  tva: markets.tva,
  depositType: markets.depositType,
  rgRate: markets.rgRate,
  threshold: markets.threshold,
  toEvaluate: markets.toEvaluate,
  active: markets.active,
  contract: markets.contractId,
  contractNumber: markets.contractNumber,
  dateEndOfContract: markets.dateEndOfContract,
  sapReference: markets.sapReference,
  clientBdc: markets.clientBdc,
  eotpST: markets.eotpSt,
  createdAt: markets.createdAt,
};

/** The columns of the input; with a contract, the contract number is the contract's (`contractNumberOf`). */
function columnsOf(input: MarketInput, contractNumber: string | null) {
  return {
    edifice: input.edifice,
    agencyId: input.agency,
    projectId: input.project,
    maxAmountDc4: input.maxAmountDC4 ?? '0',
    paymentTypeId: input.paymentType,
    paymentTermId: input.paymentTerm,
    tva: input.tva,
    depositType: input.depositType,
    rgRate: input.rgRate,
    threshold: input.threshold,
    toEvaluate: input.toEvaluate,
    contractId: input.contract,
    contractNumber,
    dateEndOfContract: input.dateEndOfContract,
    sapReference: input.sapReference,
    clientBdc: input.clientBdc,
    eotpSt: input.eotpST,
  };
}

/** Subcontractor markets (spec 2 §2-§7): information, life cycle, BPUs, agency-wide evaluation switch. */
export function createMarketService(database: Database, vatFollowers: MarketVatFollowers) {
  const crud = createCrud(database, { table: markets, entity: MARKET_ENTITY, selection });

  /** Agency, project, payment type and term must exist, and agency and project be in the caller's scope. */
  async function assertReferences(input: MarketInput, principal: Principal | null, id?: number): Promise<string | null> {
    const unknown = (field: string) =>
      badRequest('Élément sélectionné inconnu.', { [field]: formatMessage('validation.selectItem') });
    if (!(await isInScope(database, agencyList, principal, input.agency))) {
      throw unknown('agency');
    }
    if (!(await isInScope(database, projectList, principal, input.project))) {
      throw unknown('project');
    }
    const [type] = await database
      .select({ id: paymentTypes.id })
      .from(paymentTypes)
      .where(eq(paymentTypes.id, input.paymentType));
    if (!type) {
      throw unknown('paymentType');
    }
    const [term] = await database
      .select({ id: paymentTerms.id })
      .from(paymentTerms)
      .where(eq(paymentTerms.id, input.paymentTerm));
    if (!term) {
      throw unknown('paymentTerm');
    }
    const sameEdifice = await database
      .select({ id: markets.id })
      .from(markets)
      .where(id === undefined ? eq(markets.edifice, input.edifice) : and(eq(markets.edifice, input.edifice), ne(markets.id, id)))
      .limit(1);
    if (sameEdifice.length > 0) {
      throw badRequest(MARKET_EDIFICE_DUPLICATE_MESSAGE, { edifice: MARKET_EDIFICE_DUPLICATE_MESSAGE });
    }
    if (input.contract === null) {
      return input.contractNumber;
    }
    // the contract is one of the market's agency (so in the caller's scope, as the agency is)
    const [contract] = await database
      .select({ agencyId: contracts.agencyId, contractNumber: contracts.contractNumber })
      .from(contracts)
      .where(eq(contracts.id, input.contract));
    if (!contract) {
      throw unknown('contract');
    }
    if (contract.agencyId !== input.agency) {
      throw badRequest(MARKET_CONTRACT_AGENCY_MESSAGE, { contract: MARKET_CONTRACT_AGENCY_MESSAGE });
    }
    return contract.contractNumber;
  }

  async function get(id: number): Promise<MarketRecord> {
    const [row] = await database
      .select({
        ...selection,
        agencyName: sql<string>`(SELECT name FROM agencies WHERE id = ${markets.agencyId})`,
        agencyAnomaly: sql<boolean>`(SELECT synchronize AND (NOT documents_completed OR status <> 1) FROM agencies WHERE id = ${markets.agencyId})`,
        companyId: sql<number>`(SELECT company_id FROM agencies WHERE id = ${markets.agencyId})`,
        companyName: sql<string>`(SELECT c.name FROM agencies a JOIN companies c ON c.id = a.company_id WHERE a.id = ${markets.agencyId})`,
        projectName: sql<string>`(SELECT name FROM projects WHERE id = ${markets.projectId})`,
        projectCode: sql<string>`(SELECT code FROM projects WHERE id = ${markets.projectId})`,
        paymentTypeName: paymentTypes.name,
        paymentTypeCode: paymentTypes.oracleCode,
        paymentTermName: paymentTerms.name,
      })
      .from(markets)
      .innerJoin(paymentTypes, eq(paymentTypes.id, markets.paymentTypeId))
      .innerJoin(paymentTerms, eq(paymentTerms.id, markets.paymentTermId))
      .where(eq(markets.id, id))
      .limit(1);
    if (!row) {
      throw notFound();
    }
    const token = await tokenOfItem(database, MARKET_ENTITY, id);
    return {
      ...row,
      companyId: Number(row.companyId),
      tva: row.tva as MarketVatType,
      depositType: row.depositType as MarketDepositType,
      reverseCharge: row.tva === 'reverseCharge',
      canBeDeactivated: canBeDeactivated({ active: row.active, ordersInProgress: await countOrdersInProgress(database, id) }),
      statusWF: token
        ? { nodeId: token.node.id, nodeName: token.node.name, nodeCode: token.node.nodeCode, updatedAt: token.updatedAt }
        : null,
    };
  }

  async function setActive(id: number, active: boolean, context: AuditContext): Promise<MarketRecord> {
    await database.transaction(async (transaction) => {
      const [before] = await transaction.select(selection).from(markets).where(eq(markets.id, id)).for('update');
      if (!before) {
        throw notFound();
      }
      if (before.active === active) {
        throw businessRefusal(active ? MARKET_ALREADY_ACTIVE_MESSAGE : MARKET_ALREADY_INACTIVE_MESSAGE);
      }
      if (
        !active &&
        !canBeDeactivated({ active: before.active, ordersInProgress: await countOrdersInProgress(transaction, id) })
      ) {
        throw businessRefusal(MARKET_CANNOT_BE_DEACTIVATED_MESSAGE);
      }
      await transaction
        .update(markets)
        .set({ active, version: sql`${markets.version} + 1`, updatedAt: sql`now()` })
        .where(eq(markets.id, id));
      await recordAudit(transaction, context, {
        entity: MARKET_ENTITY,
        entityId: id,
        action: active ? 'activate' : 'deactivate',
        before: { active: before.active },
        after: { active },
      });
    });
    return get(id);
  }

  return {
    get,

    async create(input: MarketInput, principal: Principal, context: AuditContext): Promise<number> {
      const contractNumber = await assertReferences(input, principal);
      return database.transaction(async (transaction) => {
        const id = await crud.create(columnsOf(input, contractNumber), context, transaction);
        await startToken(transaction, { entity: MARKET_ENTITY }, id, principal.userId);
        return id;
      });
    },

    async update(id: number, input: MarketInput & { version: number }, principal: Principal, context: AuditContext) {
      const contractNumber = await assertReferences(input, principal, id);
      // the VAT regime feeds every order TTC, attachment PDF and statement: frozen once money has moved,
      // and while it may change, the (draft) orders' stored TTC follow it in the same transaction
      let vatChanged = false;
      await crud.update(id, { ...columnsOf(input, contractNumber), version: input.version }, context, {
        check: async (before, transaction) => {
          vatChanged = before.tva !== input.tva;
          if (vatChanged && (await moneyHasMoved(transaction, id))) {
            throw businessRefusal(MARKET_VAT_LOCKED_MESSAGE);
          }
        },
        afterWrite: async (transaction) => {
          if (vatChanged) {
            await vatFollowers.follow(transaction, id);
          }
          return undefined;
        },
      });
      return get(id);
    },

    /** Only a draft market (its token on the start node) may be deleted, with its token. */
    async remove(id: number, context: AuditContext) {
      await crud.remove(id, context, {
        check: async (_before: Values, transaction: Database) => {
          const token = await tokenOfItem(transaction, MARKET_ENTITY, id);
          if (token && token.node.nodeType !== 1) {
            throw businessRefusal(MARKET_DELETE_NOT_DRAFT_MESSAGE);
          }
          const [attached] = await transaction
            .select({ count: sql<number>`count(*)::int` })
            .from(documents)
            .where(and(eq(documents.entity, MARKET_ENTITY), eq(documents.entityId, id)));
          if (Number(attached?.count ?? 0) > 0) {
            throw businessRefusal(formatMessage('error.inUse'));
          }
          await removeToken(transaction, MARKET_ENTITY, id);
        },
      });
    },

    activate: (id: number, context: AuditContext) => setActive(id, true, context),
    deactivate: (id: number, context: AuditContext) => setActive(id, false, context),

    async bpus(id: number): Promise<MarketBpu[]> {
      return database
        .select({
          id: bpus.id,
          name: bpus.name,
          bpuTemplate: bpus.bpuTemplateId,
          bpuTemplateName: bpuTemplates.name,
          locked: bpus.locked,
        })
        .from(bpus)
        .innerJoin(bpuTemplates, eq(bpuTemplates.id, bpus.bpuTemplateId))
        .where(eq(bpus.marketId, id))
        .orderBy(asc(bpus.id));
    },

    /** Sets `toEvaluate` on every market of an agency the caller sees; one audit row per market changed. */
    async enableAllEvaluations(agencyId: number, toEvaluate: boolean, principal: Principal, context: AuditContext) {
      return database.transaction(async (transaction) => {
        const scope = buildWhere(marketList, { filters: {} }, principal);
        const changed = (await transaction.execute(sql`
          UPDATE markets SET to_evaluate = ${toEvaluate}, version = version + 1, updated_at = now()
          WHERE agency_id = ${agencyId} AND to_evaluate <> ${toEvaluate}
            AND id IN (SELECT m.id FROM ${marketList.from} WHERE ${scope})
          RETURNING id`)) as unknown as { rows: { id: number }[] };
        for (const { id } of changed.rows) {
          await recordAudit(transaction, context, {
            entity: MARKET_ENTITY,
            entityId: id,
            action: 'update',
            before: { toEvaluate: !toEvaluate },
            after: { toEvaluate },
          });
        }
        return changed.rows.length;
      });
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
