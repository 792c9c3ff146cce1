/**
 * The list scenarios written in the benchmark (before the capture existed): projects, users,
 * prestations, orders, attachments, warranties, budgets, details; each with its direct SQL built by the
 * list engine's builders (direct-sql.ts). Keys a, b, c, u1…, o1…, at1…, w1…, b1…, od, atd; group `lists`.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { attachmentList, createAttachmentService } from '@isf/server/src/modules/attachments/index.js';
import { budgetWarrantyList, dc4List, odList, quantitativeList } from '@isf/server/src/modules/budgets/index.js';
import { createOrderService, orderList } from '@isf/server/src/modules/orders/index.js';
import { prestationList } from '@isf/server/src/modules/price-schedules/index.js';
import { projectList } from '@isf/server/src/modules/projects/index.js';
import { userList } from '@isf/server/src/modules/users/index.js';
import { warrantyListOf } from '@isf/server/src/modules/warranties/index.js';
import { isInScope } from '@isf/server/src/platform/list-engine.js';
import { sql } from 'drizzle-orm';
import type { WrittenScenario as Scenario } from './direct-sql.js';
import { rows as rowsOf } from './sql-rows.js';

const page = (number: number) => ({ page: String(number), size: '50' });

/** The OD mask's usual range: one month of statements. */
const BUDGET_OD_MONTH = { startDate: '2025-06-01', endDate: '2025-06-30' };

/**
 * The measured requests. Projects (a) filter on the second project type by id order (id 2 in a fresh
 * database: FTTO, about 15 % of the rows); the id is looked up so that a database whose sequences moved
 * still gets a non-empty filter. Users and prestations: the list screens' usual requests.
 */
function scenarios(
  typeId: number,
  typeName: string,
  templateId: number,
  orderFacts: { marketId: number; marketOrders: number; orderId: number },
  attachmentFacts: { marketEdifice: string; marketAttachments: number; projectId: number; attachmentId: number },
): Scenario[] {
  const projects = { path: '/api/projects', list: projectList };
  const users = { path: '/api/users', list: userList };
  const prestations = { path: '/api/prestations', list: prestationList };
  const orders = { path: '/api/orders', list: orderList };
  const agencyFilter = { filters: JSON.stringify({ agencyName: 'occitanie' }) };
  const marketFilter = { filters: JSON.stringify({ marketId: String(orderFacts.marketId) }) };
  const attachments = { path: '/api/attachements', list: attachmentList };
  // the reference of an order starts with its market's: "BM-00004-" matches that market's orders
  const orderReferenceFilter = { filters: JSON.stringify({ orderReference: `${attachmentFacts.marketEdifice}-` }) };
  // the warranties screen's default criteria: hide the orders without RG, no selection
  const hideEmptyRg = { hideEmptyRg: 'true', hideErp: 'false' };
  const projectCriteria = { ...hideEmptyRg, projects: String(attachmentFacts.projectId) };
  const warrantiesOf = (criteria: Record<string, string>) => ({
    path: '/api/orders/warranties',
    list: warrantyListOf({
      projects: criteria.projects ? criteria.projects.split(',').map(Number) : [],
      markets: [],
      subprojects: [],
      imputations: [],
      hideEmptyRg: criteria.hideEmptyRg === 'true',
      hideErp: criteria.hideErp === 'true',
    }),
    criteria,
  });
  return [
    {
      key: 'a',
      label: `projects typeId=${typeId} (${typeName}), name asc, page 3`,
      ...projects,
      query: { ...page(3), sort: 'name,asc', filters: JSON.stringify({ typeId: String(typeId) }) },
    },
    { key: 'b', label: 'projects, id desc, page 3', ...projects, query: { ...page(3), sort: 'id,desc' } },
    {
      key: 'c',
      label: 'projects name contains "mérignac", name asc',
      ...projects,
      query: { ...page(0), sort: 'name,asc', filters: JSON.stringify({ name: 'mérignac' }) },
    },
    { key: 'u1', label: 'users, name asc, page 3', ...users, query: { ...page(3), sort: 'name,asc' } },
    {
      key: 'u2',
      label: 'users name contains "dupont", name asc',
      ...users,
      query: { ...page(0), sort: 'name,asc', filters: JSON.stringify({ name: 'dupont' }) },
    },
    {
      key: 'u3',
      label: 'users active, role name asc, page 3',
      ...users,
      query: { ...page(3), sort: 'roleName,asc', filters: JSON.stringify({ active: 'true' }) },
    },
    {
      key: 'p1',
      label: `prestations of template ${templateId}, description asc, page 3`,
      ...prestations,
      query: { ...page(3), sort: 'description,asc', filters: JSON.stringify({ bpuTemplateId: String(templateId) }) },
    },
    { key: 'p2', label: 'prestations, id desc, page 3', ...prestations, query: { ...page(3), sort: 'id,desc' } },
    {
      key: 'p3',
      label: 'prestations code contains "bn-0042", code asc',
      ...prestations,
      query: { ...page(0), sort: 'code,asc', filters: JSON.stringify({ code: 'bn-0042' }) },
    },
    {
      key: 'o1',
      label: 'orders agencyName contains "occitanie", reference asc',
      ...orders,
      query: { ...page(0), sort: 'reference,asc', ...agencyFilter },
    },
    {
      key: 'o2',
      label: 'orders agencyName contains "occitanie", total desc',
      ...orders,
      query: { ...page(0), sort: 'total,desc', ...agencyFilter },
    },
    {
      key: 'o3',
      label: `orders of market ${orderFacts.marketId} (${orderFacts.marketOrders} orders), total desc`,
      ...orders,
      query: { ...page(0), sort: 'total,desc', ...marketFilter },
    },
    {
      key: 'o4',
      label: `orders of market ${orderFacts.marketId}, reference asc`,
      ...orders,
      query: { ...page(0), sort: 'reference,asc', ...marketFilter },
    },
    { key: 'o5', label: 'orders, no filter, total desc', ...orders, query: { ...page(0), sort: 'total,desc' } },
    {
      key: 'at1',
      label: `attachments orderReference contains "${attachmentFacts.marketEdifice}-" (${attachmentFacts.marketAttachments}), reference asc`,
      ...attachments,
      query: { ...page(0), sort: 'reference,asc', ...orderReferenceFilter },
    },
    {
      key: 'at2',
      label: `attachments orderReference contains "${attachmentFacts.marketEdifice}-", amount desc`,
      ...attachments,
      query: { ...page(0), sort: 'amount,desc', ...orderReferenceFilter },
    },
    {
      key: 'at3',
      label: 'attachments agencyName contains "occitanie", reference asc',
      ...attachments,
      query: { ...page(0), sort: 'reference,asc', ...agencyFilter },
    },
    {
      key: 'at4',
      label: 'attachments agencyName contains "occitanie", amount desc',
      ...attachments,
      query: { ...page(0), sort: 'amount,desc', ...agencyFilter },
    },
    { key: 'at5', label: 'attachments, no filter, amount desc', ...attachments, query: { ...page(0), sort: 'amount,desc' } },
    {
      key: 'atd',
      label: `attachment detail ${attachmentFacts.attachmentId}`,
      path: `/api/attachement/${attachmentFacts.attachmentId}`,
      query: {},
      id: attachmentFacts.attachmentId,
      // what GET /api/attachement/:id runs: requireInScope (admin: no scope condition), then the service's read
      direct: async (handle, admin) => {
        await isInScope(handle.db, attachmentList, null, attachmentFacts.attachmentId);
        return createAttachmentService(handle.db).get(attachmentFacts.attachmentId, admin);
      },
    },
    {
      key: 'w1',
      label: 'warranties, hide empty RG (default screen), id desc',
      ...warrantiesOf(hideEmptyRg),
      query: { ...page(0), sort: 'id,desc' },
    },
    {
      key: 'w2',
      label: `warranties of project ${attachmentFacts.projectId}, hide empty RG, rg desc`,
      ...warrantiesOf(projectCriteria),
      query: { ...page(0), sort: 'rg,desc' },
    },
    {
      key: 'w3',
      label: `warranties of project ${attachmentFacts.projectId}, hide empty RG, reference asc`,
      ...warrantiesOf(projectCriteria),
      query: { ...page(0), sort: 'reference,asc' },
    },
    // the budget screens' first page with their totals row (docs/performance.md "Budget screens")
    {
      key: 'b1',
      label: 'budget DC4, first page with totals',
      path: '/api/budget/dc4',
      list: dc4List,
      query: { ...page(0), sort: 'id,asc', summary: 'true' },
    },
    {
      key: 'b2',
      label: 'budget OD mask, one month, first page with totals',
      path: '/api/budget/od',
      list: odList(BUDGET_OD_MONTH),
      criteria: BUDGET_OD_MONTH,
      query: { ...page(0), sort: 'statementDate,desc', summary: 'true' },
    },
    {
      key: 'b3',
      label: 'budget quantitatives, first page with totals',
      path: '/api/budget/quantitatives',
      list: quantitativeList,
      query: { ...page(0), sort: 'id,asc', summary: 'true' },
    },
    {
      key: 'b4',
      label: 'budget retentions and guarantees, first page with totals',
      path: '/api/budget/warranties',
      list: budgetWarrantyList,
      query: { ...page(0), sort: 'id,desc', summary: 'true' },
    },
    {
      key: 'od',
      label: `order detail ${orderFacts.orderId}`,
      path: `/api/order/${orderFacts.orderId}`,
      query: {},
      id: orderFacts.orderId,
      // what GET /api/order/:id runs: requireInScope (admin: no scope condition), then the service's read
      direct: async (handle) => {
        await isInScope(handle.db, orderList, null, orderFacts.orderId);
        return createOrderService(handle.db).get(orderFacts.orderId);
      },
    },
  ];
}

/** The written list scenarios over this data set (ids looked up in it). */
export async function listScenarios(handle: DatabaseHandle): Promise<Scenario[]> {
  const [secondType] = await rowsOf(handle, sql`SELECT id, name FROM project_types ORDER BY id OFFSET 1 LIMIT 1`);
  const [template] = await rowsOf(
    handle,
    sql`SELECT id FROM bpu_templates WHERE name LIKE 'Bordereau bench %' ORDER BY name LIMIT 1`,
  );
  // the generated market holding the most orders, and an order in the middle of the generated ones
  const [bigMarket] = await rowsOf(
    handle,
    sql`SELECT market_id AS id, high - low + 1 AS orders FROM bench_order_ranges ORDER BY high - low DESC, market_id LIMIT 1`,
  );
  const [middleOrder] = await rowsOf(
    handle,
    sql`SELECT id FROM orders WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM orders) ORDER BY id LIMIT 1`,
  );
  // the generated market with the most attachments, a project of it, an attachment in the middle
  const [attachmentMarket] = await rowsOf(
    handle,
    sql`SELECT m.edifice, m.project_id AS "projectId", count(*)::int AS attachments FROM attachments att
        JOIN orders o ON o.id = att.order_id JOIN markets m ON m.id = o.market_id
        WHERE o.market_id = (SELECT market_id FROM bench_order_ranges ORDER BY high - low DESC, market_id LIMIT 1)
        GROUP BY m.edifice, m.project_id`,
  );
  const [middleAttachment] = await rowsOf(
    handle,
    sql`SELECT id FROM attachments WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM attachments) ORDER BY id LIMIT 1`,
  );
  const attachmentFacts = {
    marketEdifice: String(attachmentMarket?.edifice ?? 'BM-00001'),
    marketAttachments: Number(attachmentMarket?.attachments ?? 0),
    projectId: Number(attachmentMarket?.projectId ?? 1),
    attachmentId: Number(middleAttachment?.id ?? 1),
  };
  const orderFacts = {
    marketId: Number(bigMarket?.id ?? 1),
    marketOrders: Number(bigMarket?.orders ?? 0),
    orderId: Number(middleOrder?.id ?? 1),
  };
  return scenarios(
    Number(secondType?.id ?? 2),
    String(secondType?.name ?? '?'),
    Number(template?.id ?? 1),
    orderFacts,
    attachmentFacts,
  );
}
