import { enAccount } from './en/account';
import { enAdministration } from './en/administration';
import { enAttachments } from './en/attachments';
import { enBudgets } from './en/budgets';
import { enCompanies } from './en/companies';
import { enComponents } from './en/components';
import { enContracts } from './en/contracts';
import { enDeposits } from './en/deposits';
import { enErpProjects } from './en/erp-projects';
import { enEvaluations } from './en/evaluations';
import { enHome } from './en/home';
import { enLegalFolder } from './en/legal-folder';
import { enMarkets } from './en/markets';
import { enNotifications } from './en/notifications';
import { enOracleConfigurations } from './en/oracle-configurations';
import { enOracleExchange } from './en/oracle-exchange';
import { enOrderDetail } from './en/order-detail';
import { enOrderList } from './en/order-list';
import { enOrderPrestations } from './en/order-prestations';
import { enPopups } from './en/popups';
import { enPriceSchedules } from './en/price-schedules';
import { enStatements } from './en/statements';
import { enTasks } from './en/tasks';
import { enWarranties } from './en/warranties';
import { enWorkflow } from './en/workflow';
import { frAccount } from './fr/account';
import { frAdministration } from './fr/administration';
import { frAttachments } from './fr/attachments';
import { frBudgets } from './fr/budgets';
import { frCompanies } from './fr/companies';
import { frComponents } from './fr/components';
import { frContracts } from './fr/contracts';
import { frDeposits } from './fr/deposits';
import { frErpProjects } from './fr/erp-projects';
import { frEvaluations } from './fr/evaluations';
import { frHome } from './fr/home';
import { frLegalFolder } from './fr/legal-folder';
import { frMarkets } from './fr/markets';
import { frNotifications } from './fr/notifications';
import { frOracleConfigurations } from './fr/oracle-configurations';
import { frOracleExchange } from './fr/oracle-exchange';
import { frOrderDetail } from './fr/order-detail';
import { frOrderList } from './fr/order-list';
import { frOrderPrestations } from './fr/order-prestations';
import { frPopups } from './fr/popups';
import { frPriceSchedules } from './fr/price-schedules';
import { frStatements } from './fr/statements';
import { frTasks } from './fr/tasks';
import { frWarranties } from './fr/warranties';
import { frWorkflow } from './fr/workflow';
import { i18next, LOCALE } from './index';

// The catalogues of the screens behind the login page, one file per area (`fr/<area>.ts`, `en/<area>.ts`):
// the shell imports this module, so the login page (the first screen) does not download them. A new area's
// catalogue goes here. Only the build's locale is bundled (`__ISF_LOCALE__` is a literal at build time).
const screens =
  __ISF_LOCALE__ === 'en'
    ? {
        ...enAccount,
        ...enAdministration,
        ...enAttachments,
        ...enBudgets,
        ...enCompanies,
        ...enComponents,
        ...enContracts,
        ...enDeposits,
        ...enErpProjects,
        ...enEvaluations,
        ...enHome,
        ...enLegalFolder,
        ...enMarkets,
        ...enNotifications,
        ...enOracleConfigurations,
        ...enOracleExchange,
        ...enOrderDetail,
        ...enOrderList,
        ...enOrderPrestations,
        ...enPopups,
        ...enPriceSchedules,
        ...enStatements,
        ...enTasks,
        ...enWarranties,
        ...enWorkflow,
      }
    : {
        ...frAccount,
        ...frAdministration,
        ...frAttachments,
        ...frBudgets,
        ...frCompanies,
        ...frComponents,
        ...frContracts,
        ...frDeposits,
        ...frErpProjects,
        ...frEvaluations,
        ...frHome,
        ...frLegalFolder,
        ...frMarkets,
        ...frNotifications,
        ...frOracleConfigurations,
        ...frOracleExchange,
        ...frOrderDetail,
        ...frOrderList,
        ...frOrderPrestations,
        ...frPopups,
        ...frPriceSchedules,
        ...frStatements,
        ...frTasks,
        ...frWarranties,
        ...frWorkflow,
      };

i18next.addResourceBundle(LOCALE, 'translation', screens, true, true);
