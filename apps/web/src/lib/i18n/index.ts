import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enAccount } from './en/account';
import { enAdministration } from './en/administration';
import { enAttachments } from './en/attachments';
import { enBudgets } from './en/budgets';
import { enCommon } from './en/common';
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
import { enShell } from './en/shell';
import { enStatements } from './en/statements';
import { enTasks } from './en/tasks';
import { enWarranties } from './en/warranties';
import { enWorkflow } from './en/workflow';
import { frAccount } from './fr/account';
import { frAdministration } from './fr/administration';
import { frAttachments } from './fr/attachments';
import { frBudgets } from './fr/budgets';
import { frCommon } from './fr/common';
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
import { frShell } from './fr/shell';
import { frStatements } from './fr/statements';
import { frTasks } from './fr/tasks';
import { frWarranties } from './fr/warranties';
import { frWorkflow } from './fr/workflow';

/**
 * One catalogue per locale, merged from one file per area (`fr/<area>.ts`, `en/<area>.ts`). The locale
 * is fixed at build time (`__ISF_LOCALE__`): French and EUR by default, English and GBP otherwise.
 */
export const LOCALE = typeof __ISF_LOCALE__ === 'undefined' ? 'fr' : __ISF_LOCALE__;
export const CURRENCY = LOCALE === 'en' ? 'GBP' : 'EUR';
export const NUMBER_LOCALE = LOCALE === 'en' ? 'en-GB' : 'fr-FR';

// Only the build's locale is bundled: `__ISF_LOCALE__` is a literal at build time, so the bundler drops the
// other catalogue and the modules it imports.
const resources: Resource =
  __ISF_LOCALE__ === 'en'
    ? {
        en: {
          translation: {
            ...enCommon,
            ...enShell,
            ...enComponents,
            ...enCompanies,
            ...enAdministration,
            ...enPriceSchedules,
            ...enPopups,
            ...enErpProjects,
            ...enNotifications,
            ...enLegalFolder,
            ...enOracleConfigurations,
            ...enTasks,
            ...enAccount,
            ...enWorkflow,
            ...enHome,
            ...enMarkets,
            ...enContracts,
            ...enOrderList,
            ...enEvaluations,
            ...enOrderDetail,
            ...enOrderPrestations,
            ...enDeposits,
            ...enWarranties,
            ...enAttachments,
            ...enStatements,
            ...enBudgets,
            ...enOracleExchange,
          },
        },
      }
    : {
        fr: {
          translation: {
            ...frCommon,
            ...frShell,
            ...frComponents,
            ...frCompanies,
            ...frAdministration,
            ...frPriceSchedules,
            ...frPopups,
            ...frErpProjects,
            ...frNotifications,
            ...frLegalFolder,
            ...frOracleConfigurations,
            ...frTasks,
            ...frAccount,
            ...frWorkflow,
            ...frHome,
            ...frMarkets,
            ...frContracts,
            ...frOrderList,
            ...frEvaluations,
            ...frOrderDetail,
            ...frOrderPrestations,
            ...frDeposits,
            ...frWarranties,
            ...frAttachments,
            ...frStatements,
            ...frBudgets,
            ...frOracleExchange,
          },
        },
      };

void i18next.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  return new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY }).format(Number(value));
}

export { i18next };

/** An ISO date (yyyy-mm-dd) in the locale's short form, without time-zone shifts. */
export function formatIsoDate(value: string | null): string {
  if (!value) {
    return '';
  }
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(NUMBER_LOCALE, { timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)),
  );
}
