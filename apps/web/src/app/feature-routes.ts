import { agencyRoutes } from '../features/agencies';
import { attachmentRoutes } from '../features/attachments';
import { bpuTemplateRoutes } from '../features/bpu-templates';
import { bpuRoutes } from '../features/bpus';
import { budgetRoutes } from '../features/budgets';
import { categoryRoutes } from '../features/categories';
import { companyRoutes } from '../features/companies';
import { contractRoutes } from '../features/contracts';
import { depositRoutes } from '../features/deposits';
import { documentRoutes } from '../features/documents';
import { evaluationRoutes } from '../features/evaluations';
import { marketRoutes } from '../features/markets';
import { notificationRoutes } from '../features/notifications';
import { oracleConfigurationListPages } from '../features/oracle-configurations';
import { oracleExchangeRoutes } from '../features/oracle-imputations';
import { orderTemplateRoutes } from '../features/order-templates';
import { orderRoutes } from '../features/orders';
import { oscarSubprojectRoutes } from '../features/oscar-subprojects';
import { popupRoutes } from '../features/popups';
import { prestationRoutes } from '../features/prestations';
import { projectRoutes } from '../features/projects';
import { referenceRoutesWith } from '../features/reference';
import { roleRoutes } from '../features/roles';
import { statementRoutes } from '../features/statements';
import { taskRoutes } from '../features/tasks';
import { templateFileRoutes } from '../features/template-files';
import { userRoutes } from '../features/users';
import { warrantyRoutes } from '../features/warranties';
import type { FeatureRoute } from '../lib/feature-route';

/** Every screen of the business areas: the router mounts them and the access guard checks their entity. */
export const featureRoutes: readonly FeatureRoute[] = [
  ...referenceRoutesWith(oracleConfigurationListPages),
  ...projectRoutes,
  ...oscarSubprojectRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...companyRoutes,
  ...agencyRoutes,
  ...contractRoutes,
  ...documentRoutes,
  ...templateFileRoutes,
  ...marketRoutes,
  ...orderRoutes,
  ...depositRoutes,
  ...warrantyRoutes,
  ...attachmentRoutes,
  ...statementRoutes,
  ...budgetRoutes,
  ...evaluationRoutes,
  ...categoryRoutes,
  ...prestationRoutes,
  ...bpuTemplateRoutes,
  ...bpuRoutes,
  ...orderTemplateRoutes,
  ...popupRoutes,
  ...taskRoutes,
  ...notificationRoutes,
  ...oracleExchangeRoutes,
];
