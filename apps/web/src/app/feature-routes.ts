import { agencyRoutes } from '../features/agencies/agency-routes';
import { attachmentRoutes } from '../features/attachments/attachment-routes';
import { bpuTemplateRoutes } from '../features/bpu-templates/bpu-template-routes';
import { bpuRoutes } from '../features/bpus/bpu-routes';
import { budgetRoutes } from '../features/budgets/budget-routes';
import { categoryRoutes } from '../features/categories/category-routes';
import { companyRoutes } from '../features/companies/company-routes';
import { contractRoutes } from '../features/contracts/contract-routes';
import { depositRoutes } from '../features/deposits/deposit-routes';
import { documentRoutes } from '../features/documents/document-routes';
import { evaluationRoutes } from '../features/evaluations/evaluation-routes';
import { marketRoutes } from '../features/markets/market-routes';
import { notificationRoutes } from '../features/notifications/notification-routes';
import { oracleConfigurationListPages } from '../features/oracle-configurations/oracle-configuration-routes';
import { oracleExchangeRoutes } from '../features/oracle-imputations/oracle-exchange-routes';
import { orderTemplateRoutes } from '../features/order-templates/order-template-routes';
import { orderRoutes } from '../features/orders/order-routes';
import { oscarSubprojectRoutes } from '../features/oscar-subprojects/oscar-subproject-routes';
import { popupRoutes } from '../features/popups/popup-routes';
import { prestationRoutes } from '../features/prestations/prestation-routes';
import { projectRoutes } from '../features/projects/project-routes';
import { referenceRoutesWith } from '../features/reference/reference-routes';
import { roleRoutes } from '../features/roles/role-routes';
import { statementRoutes } from '../features/statements/statement-routes';
import { taskRoutes } from '../features/tasks/task-routes';
import { templateFileRoutes } from '../features/template-files/template-file-routes';
import { userRoutes } from '../features/users/user-routes';
import { warrantyRoutes } from '../features/warranties/warranty-routes';
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
