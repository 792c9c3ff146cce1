import { EVALUATION_ENTITY_LIST } from '@isf/contract';
import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';
import { EVALUATION_DASHBOARD_ROUTE } from '../../lib/routes';

const EvaluationDashboardPage = lazyPage(() =>
  import('./evaluation-dashboard-page').then((module) => module.EvaluationDashboardPage),
);

/** The evaluation dashboard (spec 3 /evaluation/synthese): opened with the read right on any evaluation type. */
export const evaluationRoutes: FeatureRoute[] = [
  { path: EVALUATION_DASHBOARD_ROUTE, entity: EVALUATION_ENTITY_LIST, element: <EvaluationDashboardPage /> },
];
