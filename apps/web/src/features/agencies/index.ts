// The face of the agencies feature: what the app and other features use of it.

/** A company's agencies, read and removed by the company screen. */
export { AGENCY_LIST_PATH, companyAgenciesQueryKey, deleteCompanyAgency, fetchCompanyAgencies } from './agencies.api';
/** The agency creation, opened from a company. */
export { AgencyCreateModal } from './agency-create-modal';
/** The agency screens, mounted by the app's router. */
export { agencyRoutes } from './agency-routes';
/** An agency's status icons, shown in the lists of agencies. */
export { AgencyStatusIcon, DocumentsCompletedIcon } from './agency-status';
