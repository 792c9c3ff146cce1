import {
  formatMessage,
  type MarketDepositType,
  type MarketVatType,
  ORDER_COMPLEMENT_FROZEN_MESSAGE,
  ORDER_COMPLEMENT_TOO_LONG_MESSAGE,
  ORDER_DELETE_NOT_DRAFT_MESSAGE,
  ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE,
  ORDER_EMITTER_ONLY_INTERNAL_MESSAGE,
  ORDER_EMITTER_TASK_REQUIRED_MESSAGE,
  ORDER_ERP_FROZEN_MESSAGE,
  ORDER_ERP_SENT_TEXT,
  ORDER_FINANCIAL_FIELDS,
  ORDER_FINANCIAL_OPTION_MESSAGE,
  ORDER_FOLLOW_UP_FIELDS,
  ORDER_LOCKED_MESSAGE,
  ORDER_MARKET_INACTIVE_MESSAGE,
  ORDER_MARKET_WITHOUT_BPU_MESSAGE,
  ORDER_RELEASE_DATE_MESSAGE,
  ORDER_REQUIRED_FIELDS_MESSAGE,
  ORDER_TASK_NOT_OF_PROJECT_MESSAGE,
  type OrderCreateInput,
  type OrderDetailRecord,
  type OrderEmitterInput,
  type OrderOracleStatus,
  type OrderUpdateInput,
  orderComplementMaxLength,
  orderDepositTypeSelectable,
  releaseDateTooEarly,
} from '@isf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.js';
import { bpus, imputations, markets, oracleTasks, orders, orderTemplates, paymentTypes, users } from '../../db/schema/index.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, businessRefusal, notFound } from '../../platform/errors.js';
import { isInScope } from '../../platform/list-engine.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { lastErpSend } from '../erp-exchange/index.js';
import { marketList } from '../markets/index.js';
import { removeToken, startToken, tokenOfItem } from '../workflow/index.js';
import { refreshMarketFigures } from './market-figures.js';
import { invoicedAmountOf, lastAttachmentOf } from './order-attachments.js';
import { applyLines } from './order-lines.js';
import { nextOrderReference } from './order-reference.js';
import { orderWorkItem } from './order-work-item.js';
import { ORDER_ENTITY } from './orders.lists.js';

export const FINANCIAL_OPTION = 'serviceorders.edit_financial_info';
const PAYMENT_INTERNAL = 'payment_internal';

type OrderFields = OrderCreateInput;
type MarketFacts = {
  id: number;
  edifice: string;
  agencyId: number;
  projectId: number;
  active: boolean;
  clientBdc: string | null;
  paymentTypeCode: string | null;
};

const selection = {
  id: orders.id,
  version: orders.version,
  reference: orders.reference,
  name: orders.name,
  market: orders.marketId,
  agency: orders.agencyId,
  project: orders.projectId,
  bpu: orders.bpuId,
  orderTemplate: orders.orderTemplateId,
  imputation: orders.imputationId,
  oracleProject: orders.oracleProjectId,
  oracleTask: orders.oracleTaskId,
  oracleEmitterProject: orders.oracleEmitterProjectId,
  oracleEmitterTask: orders.oracleEmitterTaskId,
  oscarSubProject: orders.oscarSubprojectId,
  mainClient: orders.mainClient,
  clientMarket: orders.clientMarket,
  clientBdc: orders.clientBdc,
  executionPeriod: orders.executionPeriod,
  endDate: orders.endDate,
  deliveryDate: orders.deliveryDate,
  releaseDate: orders.releaseDate,
  date: orders.date,
  follower: orders.followerId,
  creator: orders.creatorId,
  observation: orders.observation,
  total: orders.total,
  totalTTC: orders.totalTtc,
  oracleStatus: orders.oracleStatus,
  oracleId: orders.oracleId,
  canSendToOracle: orders.canSendToOracle,
  sentSST: orders.sentSst,
  locked: orders.locked,
  versioned: orders.versioned,
  depositType: orders.depositType,
  createdAt: orders.createdAt,
};

type OrderRow = SelectResultFields<typeof selection>;

/** The order's record life cycle: its row locked before a change, the version checked, the audit rows written. */
function orderCrud(database: Database) {
  return createCrud<OrderRow>(database, { table: orders, entity: ORDER_ENTITY, selection, lock: true });
}

/** Emitter fields serve internal payments, and payment types without code (spec 1 §4 rule 8). */
export function takesEmitter(paymentTypeCode: string | null): boolean {
  return paymentTypeCode === null || paymentTypeCode === PAYMENT_INTERNAL;
}

function requiredFieldsRefusal(missing: string[]) {
  return badRequest(
    ORDER_REQUIRED_FIELDS_MESSAGE,
    Object.fromEntries(missing.map((field) => [field, formatMessage('validation.required')])),
  );
}

function unknownItem(field: string) {
  return badRequest('Élément sélectionné inconnu.', { [field]: formatMessage('validation.selectItem') });
}

async function marketFacts(db: Database, marketId: number, principal: Principal | null): Promise<MarketFacts> {
  if (!(await isInScope(db, marketList, principal, marketId))) {
    throw unknownItem('market');
  }
  const [market] = await db
    .select({
      id: markets.id,
      edifice: markets.edifice,
      agencyId: markets.agencyId,
      projectId: markets.projectId,
      active: markets.active,
      clientBdc: markets.clientBdc,
      paymentTypeCode: paymentTypes.oracleCode,
    })
    .from(markets)
    .leftJoin(paymentTypes, eq(paymentTypes.id, markets.paymentTypeId))
    .where(eq(markets.id, marketId));
  if (!market) {
    throw unknownItem('market');
  }
  return market;
}

async function assertTaskOfProject(db: Database, taskId: number | null, projectId: number | null, field: string) {
  if (taskId === null) {
    return;
  }
  const [task] = await db.select({ project: oracleTasks.oracleProjectId }).from(oracleTasks).where(eq(oracleTasks.id, taskId));
  if (!task) {
    throw unknownItem(field);
  }
  if (task.project !== projectId) {
    throw badRequest(ORDER_TASK_NOT_OF_PROJECT_MESSAGE, { [field]: ORDER_TASK_NOT_OF_PROJECT_MESSAGE });
  }
}

/** The checks shared by creation and editing, on the fields as they will be stored. */
async function assertFields(db: Database, input: OrderFields, market: MarketFacts, bpuTemplateId: number) {
  const max = orderComplementMaxLength(market.edifice);
  if ((input.name ?? '').length > max) {
    const message = ORDER_COMPLEMENT_TOO_LONG_MESSAGE.replace('{max}', String(max));
    throw badRequest(message, { name: message });
  }
  await assertTaskOfProject(db, input.oracleTask, input.oracleProject, 'oracleTask');
  const hasEmitter = input.oracleEmitterProject !== null || input.oracleEmitterTask !== null;
  if (hasEmitter && !takesEmitter(market.paymentTypeCode)) {
    throw badRequest(ORDER_EMITTER_ONLY_INTERNAL_MESSAGE, { oracleEmitterProject: ORDER_EMITTER_ONLY_INTERNAL_MESSAGE });
  }
  if (input.oracleEmitterProject !== null && input.oracleEmitterTask === null) {
    throw badRequest(ORDER_REQUIRED_FIELDS_MESSAGE, { oracleEmitterTask: ORDER_EMITTER_TASK_REQUIRED_MESSAGE });
  }
  await assertTaskOfProject(db, input.oracleEmitterTask, input.oracleEmitterProject, 'oracleEmitterTask');
  if (input.imputation !== null) {
    const [imputation] = await db
      .select({ id: imputations.id })
      .from(imputations)
      .where(and(eq(imputations.id, input.imputation), eq(imputations.projectId, market.projectId)));
    if (!imputation) {
      throw unknownItem('imputation');
    }
  }
  if (input.orderTemplate !== null) {
    const [template] = await db
      .select({ id: orderTemplates.id })
      .from(orderTemplates)
      .where(and(eq(orderTemplates.id, input.orderTemplate), eq(orderTemplates.bpuTemplateId, bpuTemplateId)));
    if (!template) {
      throw unknownItem('orderTemplate');
    }
  }
  if (input.follower !== null) {
    const [follower] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.follower));
    if (!follower) {
      throw unknownItem('follower');
    }
  }
}

function columnsOf(input: OrderFields) {
  return {
    name: input.name ?? '',
    orderTemplateId: input.orderTemplate,
    imputationId: input.imputation,
    oracleProjectId: input.oracleProject,
    oracleTaskId: input.oracleTask,
    oracleEmitterProjectId: input.oracleEmitterProject,
    oracleEmitterTaskId: input.oracleEmitterTask,
    oscarSubprojectId: input.oscarSubProject,
    mainClient: input.mainClient,
    clientMarket: input.clientMarket,
    clientBdc: input.clientBdc,
    executionPeriod: input.executionPeriod,
    endDate: input.endDate as string,
    deliveryDate: input.deliveryDate,
    releaseDate: input.releaseDate,
    followerId: input.follower as number,
    observation: input.observation,
  };
}

/** GET /order/{id}: the order with its market's facts, the names of what it refers to, its node and its figures. */
export async function getOrder(database: Database, id: number): Promise<OrderDetailRecord> {
  const [row] = await database
    .select({
      ...selection,
      marketEdifice: markets.edifice,
      contractNumber: markets.contractNumber,
      marketDepositType: markets.depositType,
      threshold: markets.threshold,
      rgRate: markets.rgRate,
      tva: markets.tva,
      paymentTypeCode: paymentTypes.oracleCode,
      paymentTypeName: paymentTypes.name,
      agencyName: sql<string>`(SELECT name FROM agencies WHERE id = ${orders.agencyId})`,
      agencyAnomaly: sql<boolean>`(SELECT synchronize AND (NOT documents_completed OR status <> 1) FROM agencies WHERE id = ${orders.agencyId})`,
      projectTypeName: sql<
        string | null
      >`(SELECT pt.name FROM projects p JOIN project_types pt ON pt.id = p.type_id WHERE p.id = ${orders.projectId})`,
      bpuTemplateId: sql<number>`(SELECT bpu_template_id FROM bpus WHERE id = ${orders.bpuId})`,
      projectName: sql<string>`(SELECT name FROM projects WHERE id = ${orders.projectId})`,
      bpuName: sql<string>`(SELECT name FROM bpus WHERE id = ${orders.bpuId})`,
      orderTemplateName: sql<string | null>`(SELECT name FROM order_templates WHERE id = ${orders.orderTemplateId})`,
      imputationEotp: sql<string | null>`(SELECT eotp FROM imputations WHERE id = ${orders.imputationId})`,
      oracleProjectName: sql<string | null>`(SELECT name FROM oracle_projects WHERE id = ${orders.oracleProjectId})`,
      oracleTaskName: sql<string | null>`(SELECT name FROM oracle_tasks WHERE id = ${orders.oracleTaskId})`,
      oracleEmitterProjectName: sql<
        string | null
      >`(SELECT name FROM oracle_projects WHERE id = ${orders.oracleEmitterProjectId})`,
      oracleEmitterTaskName: sql<string | null>`(SELECT name FROM oracle_tasks WHERE id = ${orders.oracleEmitterTaskId})`,
      oscarSubProjectName: sql<string | null>`(SELECT name FROM oscar_subprojects WHERE id = ${orders.oscarSubprojectId})`,
      arcgisName: sql<string | null>`(SELECT arcgis_name FROM oscar_subprojects WHERE id = ${orders.oscarSubprojectId})`,
      nroName: sql<string | null>`(SELECT nro_name FROM oscar_subprojects WHERE id = ${orders.oscarSubprojectId})`,
      offerIdPm: sql<string | null>`(SELECT offer_id_pm FROM oscar_subprojects WHERE id = ${orders.oscarSubprojectId})`,
      followerName: sql<string | null>`(SELECT name FROM users WHERE id = ${orders.followerId})`,
      creatorName: sql<string | null>`(SELECT name FROM users WHERE id = ${orders.creatorId})`,
    })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, markets.paymentTypeId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) {
    throw notFound();
  }
  const token = await tokenOfItem(database, ORDER_ENTITY, id);
  return {
    ...row,
    bpuTemplateId: Number(row.bpuTemplateId),
    oracleStatus: row.oracleStatus as OrderOracleStatus,
    erpSend: await lastErpSend(database, 'order', id),
    depositType: (row.depositType ?? row.marketDepositType) as MarketDepositType,
    marketDepositType: row.marketDepositType as MarketDepositType,
    tva: row.tva as MarketVatType,
    alreadyInvoiced: await invoicedAmountOf(database, id),
    reverseCharge: row.tva === 'reverseCharge',
    lastAttachment: await lastAttachmentOf(database, id),
    statusWF: token
      ? { nodeId: token.node.id, nodeName: token.node.name, nodeCode: token.node.nodeCode, updatedAt: token.updatedAt }
      : null,
  };
}

async function bpuOf(db: Database, marketId: number) {
  const [bpu] = await db
    .select({ id: bpus.id, bpuTemplateId: bpus.bpuTemplateId })
    .from(bpus)
    .where(eq(bpus.marketId, marketId))
    .orderBy(asc(bpus.id))
    .limit(1);
  return bpu;
}

/** A new order of a market in the caller's scope, numbered in its market, its workflow token started. */
export async function createOrder(
  database: Database,
  input: OrderCreateInput,
  principal: Principal,
  context: AuditContext,
): Promise<number> {
  const missing = (['name', 'endDate', 'market', 'oracleProject', 'oracleTask', 'follower'] as const).filter(
    (field) => input[field] === null,
  );
  if (missing.length > 0) {
    throw requiredFieldsRefusal(missing);
  }
  const market = await marketFacts(database, input.market as number, principal);
  if (!market.active) {
    throw badRequest(ORDER_MARKET_INACTIVE_MESSAGE, { market: ORDER_MARKET_INACTIVE_MESSAGE });
  }
  const bpu = await bpuOf(database, market.id);
  if (!bpu) {
    throw badRequest(ORDER_MARKET_WITHOUT_BPU_MESSAGE, { market: ORDER_MARKET_WITHOUT_BPU_MESSAGE });
  }
  await assertFields(database, input, market, bpu.bpuTemplateId);
  return orderCrud(database).create(
    async (tx) => ({
      ...columnsOf(input),
      ...(await nextOrderReference(tx, market.id)),
      clientBdc: input.clientBdc ?? market.clientBdc,
      marketId: market.id,
      agencyId: market.agencyId,
      projectId: market.projectId,
      bpuId: bpu.id,
      creatorId: principal.userId,
    }),
    context,
    database,
    { afterCreate: (id, tx) => startToken(tx, orderWorkItem, id, principal.userId) },
  );
}

/** Spec 2 §5 Order editing: the rules on what changed, against the stored order. */
function assertEditable(before: OrderRow, input: OrderUpdateInput, principal: Principal) {
  const changed = (field: keyof typeof before & keyof OrderUpdateInput) => (input[field] ?? null) !== (before[field] ?? null);
  if (before.oracleId !== null) {
    // spec 2 §4: an order in the ERP is no longer editable in ISF
    const keys = Object.keys(selection).filter((key) => key in input) as (keyof typeof before & keyof OrderUpdateInput)[];
    if (keys.some(changed) || (input.prestationOSs ?? []).length > 0) {
      throw businessRefusal(ORDER_ERP_SENT_TEXT);
    }
  }
  if (before.locked) {
    const allowed = new Set<string>(ORDER_FOLLOW_UP_FIELDS);
    const keys = Object.keys(selection).filter((key) => key in input && !allowed.has(key)) as (keyof typeof before &
      keyof OrderUpdateInput)[];
    if (keys.some(changed) || (input.prestationOSs ?? []).length > 0) {
      throw businessRefusal(ORDER_LOCKED_MESSAGE);
    }
  }
  if (ORDER_FINANCIAL_FIELDS.some(changed) && !hasOption(principal, FINANCIAL_OPTION)) {
    throw businessRefusal(ORDER_FINANCIAL_OPTION_MESSAGE);
  }
  if (before.sentSST && changed('name')) {
    throw badRequest(ORDER_COMPLEMENT_FROZEN_MESSAGE, { name: ORDER_COMPLEMENT_FROZEN_MESSAGE });
  }
  const orderDate = input.date ?? before.date;
  if (releaseDateTooEarly(input.releaseDate, orderDate)) {
    throw badRequest(ORDER_RELEASE_DATE_MESSAGE, { releaseDate: ORDER_RELEASE_DATE_MESSAGE });
  }
}

/**
 * The retention type to store (spec 2 §4): the stored one when the request keeps the current type (its
 * own or the market's); a new one only on a with-threshold market, below the threshold, outside the
 * subcontractor's validation.
 */
async function depositTypeOf(
  db: Database,
  before: OrderRow,
  requested: MarketDepositType | null | undefined,
): Promise<MarketDepositType | null> {
  const stored = before.depositType as MarketDepositType | null;
  const [market] = await db
    .select({ depositType: markets.depositType, threshold: markets.threshold })
    .from(markets)
    .where(eq(markets.id, before.market));
  const current = stored ?? market?.depositType ?? null;
  if (!market || requested === null || requested === undefined || requested === current) {
    return stored;
  }
  const token = await tokenOfItem(db, ORDER_ENTITY, before.id);
  const selectable = orderDepositTypeSelectable({
    marketDepositType: market.depositType as MarketDepositType,
    total: before.total,
    threshold: market.threshold,
    nodeCode: token?.node.nodeCode ?? null,
  });
  if (!selectable) {
    throw businessRefusal(ORDER_DEPOSIT_TYPE_LOCKED_MESSAGE);
  }
  return requested;
}

/** PUT /order/{id}: the fields and lines the editing rules allow, at the version the client read. */
export async function updateOrder(
  database: Database,
  id: number,
  input: OrderUpdateInput,
  principal: Principal,
  context: AuditContext,
): Promise<OrderDetailRecord> {
  const missing = (['name', 'oracleTask', 'endDate', 'follower'] as const).filter((field) => input[field] === null);
  if (missing.length > 0) {
    throw requiredFieldsRefusal(missing);
  }
  await orderCrud(database).update(id, { version: input.version }, context, {
    values: async (before, tx) => {
      const depositType = await depositTypeOf(tx, before, input.depositType);
      assertEditable(before, { ...input, depositType }, principal);
      const market = await marketFacts(tx, before.market, null);
      const [bpu] = await tx.select({ bpuTemplateId: bpus.bpuTemplateId }).from(bpus).where(eq(bpus.id, before.bpu));
      const fields = { ...input, market: before.market };
      await assertFields(tx, fields, market, bpu?.bpuTemplateId ?? 0);
      return { ...columnsOf(fields), depositType, date: input.date ?? before.date };
    },
    afterWrite: async (tx, before) => {
      if (input.prestationOSs && input.prestationOSs.length > 0) {
        await applyLines(tx, { id, bpuId: before.bpu }, input.prestationOSs);
      }
      return undefined;
    },
  });
  return getOrder(database, id);
}

/** Only a draft order (its token on the start node) may be deleted, with its lines and token. */
export async function removeOrder(database: Database, id: number, context: AuditContext): Promise<void> {
  await orderCrud(database).remove(id, context, {
    check: async (_before, tx) => {
      const token = await tokenOfItem(tx, ORDER_ENTITY, id);
      if (token && token.node.nodeType !== 1) {
        throw businessRefusal(ORDER_DELETE_NOT_DRAFT_MESSAGE);
      }
      // the token goes before the order: its deletion's triggers read the order's lines
      await removeToken(tx, ORDER_ENTITY, id);
    },
    // a draft orders nothing; its market's figures recomputed all the same, whatever the deletable nodes
    afterDelete: (before, tx) => refreshMarketFigures(tx, [before.market]),
  });
}

/** PUT /order/{id}/emitter: the validation modal's emitter project and task, while the order is not in the ERP. */
export async function setOrderEmitter(
  database: Database,
  id: number,
  input: OrderEmitterInput,
  principal: Principal,
  context: AuditContext,
): Promise<OrderDetailRecord> {
  const values = { version: undefined, oracleEmitterProjectId: input.project, oracleEmitterTaskId: input.task };
  await orderCrud(database).update(id, values, context, {
    check: async (before, tx) => {
      if (before.oracleId !== null) {
        throw badRequest(ORDER_ERP_FROZEN_MESSAGE, { project: ORDER_ERP_FROZEN_MESSAGE });
      }
      const market = await marketFacts(tx, before.market, principal);
      if (!takesEmitter(market.paymentTypeCode)) {
        throw badRequest(ORDER_EMITTER_ONLY_INTERNAL_MESSAGE, { project: ORDER_EMITTER_ONLY_INTERNAL_MESSAGE });
      }
      await assertTaskOfProject(tx, input.task, input.project, 'task');
    },
  });
  return getOrder(database, id);
}

/** Service orders (spec 2 §2-§7) for the routes: creation, information, editing rules, deletion in draft. */
export function createOrderService(database: Database) {
  return {
    get: (id: number) => getOrder(database, id),
    create: (input: OrderCreateInput, principal: Principal, context: AuditContext) =>
      createOrder(database, input, principal, context),
    update: (id: number, input: OrderUpdateInput, principal: Principal, context: AuditContext) =>
      updateOrder(database, id, input, principal, context),
    remove: (id: number, context: AuditContext) => removeOrder(database, id, context),
    setEmitter: (id: number, input: OrderEmitterInput, principal: Principal, context: AuditContext) =>
      setOrderEmitter(database, id, input, principal, context),
    find: (id: number) => orderCrud(database).find(database, id),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
