import type { EntityCode } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { access } from '../../platform/access.js';
import { registerList } from '../../platform/list-routes.js';
import { dc4List } from './dc4.lists.js';
import { odCriteria, odList } from './od.lists.js';
import { quantitativeCsvFor, quantitativeList } from './quantitatives.lists.js';
import { budgetWarrantyList } from './warranties.lists.js';

/**
 * The budget screens (spec 2 §7 Budget): each list read-only under its own right (spec 2 §6:
 * budget_dc4, budget_od, budget_quantitative, budget_rg_caution), its CSV at `/{objectName}/csv`.
 */
export function registerBudgetRoutes(app: FastifyInstance, database: Database): void {
  const read = (entity: EntityCode) => access.right(entity, 'read');
  registerList(app, database, {
    path: '/api/budget/dc4',
    csvPath: '/api/budget/dc4/csv',
    definition: dc4List,
    access: read('budget_dc4'),
    fileName: 'dc4',
  });
  registerList(app, database, {
    path: '/api/budget/od',
    csvPath: '/api/budget/od/csv',
    definition: odList({ startDate: null, endDate: null }),
    criteria: odCriteria,
    access: read('budget_od'),
    fileName: 'masque-od',
  });
  registerList(app, database, {
    path: '/api/budget/quantitatives',
    csvPath: '/api/budget/quantitatives/csv',
    definition: quantitativeList,
    access: read('budget_quantitative'),
    fileName: 'quantitatifs',
    csvFor: quantitativeCsvFor,
  });
  registerList(app, database, {
    path: '/api/budget/warranties',
    csvPath: '/api/budget/warranties/csv',
    definition: budgetWarrantyList,
    access: read('budget_rg_caution'),
    fileName: 'retenues-et-cautions',
  });
}
