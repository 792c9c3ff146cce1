/** Texts of the Oracle project synchronisation (spec 3 §8, verbatim). */
export const ORACLE_PROJECT_SYNC_RUNNING_MESSAGE = 'Synchronisation avec Oracle des projets: En cours...';
export const ORACLE_PROJECT_SYNC_FAILED_MESSAGE = 'Erreur lors de la synchronisation projet avec Oracle';
export const ORACLE_PROJECTS_SYNC_STARTED_MESSAGE = 'Synchronisation des projets Oracle en cours !';
export const ORACLE_PROJECTS_SYNC_FAILED_MESSAGE = 'Erreur lors de la synchronisation des projets Oracle !';

export const ORACLE_PROJECT_NO_BUSINESS_UNIT_MESSAGE =
  "Ce projet n'a pas de business unit de réquisition : il ne peut pas être synchronisé avec Oracle.";
export const ORACLE_PROJECT_OTHER_BUSINESS_UNIT_MESSAGE =
  "Ce projet Oracle n'appartient pas à la business unit de réquisition du projet.";

export function oracleProjectLinkedElsewhereMessage(projectCode: string): string {
  return `Ce projet Oracle est déjà rattaché au projet ${projectCode}.`;
}

export function oscarProjectLinkedElsewhereMessage(projectCode: string): string {
  return `Ce projet OSCAR est déjà rattaché au projet ${projectCode}.`;
}

/** Counts of one synchronisation of a kind of ERP record. */
export type SyncCounts = { received: number; created: number; updated: number; unchanged: number };

/** What a synchronisation of the Oracle projects of one business unit did. */
export type OracleProjectSyncSummary = { businessUnit: string; projects: SyncCounts; tasks: SyncCounts };

/** An Oracle project as ISF keeps it (spec 3 §3), with the ISF project it is attached to. */
export type OracleProjectRecord = {
  id: number;
  erpProjectId: number;
  name: string;
  number: string;
  typeName: string | null;
  unitName: string | null;
  status: string | null;
  businessUnitName: string | null;
  owningOrganizationName: string | null;
  legalEntityName: string | null;
  startDate: string | null;
  endDate: string | null;
  managerName: string | null;
  description: string | null;
  projectId: number | null;
};

/** An OSCAR sub-project (spec 3 §3); `oscarColumns` are the construction base quantities. */
export type OscarSubProjectRecord = {
  id: number;
  oscarProjectId: number;
  projectName: string;
  name: string;
  dsp: string | null;
  oiCode: string | null;
  marketType: string | null;
  arcgisName: string | null;
  year: number | null;
  city: string | null;
  status: string | null;
  milestone: string | null;
  nroName: string | null;
  ipeIdNro: string | null;
  ipeIdPm: string | null;
  offerIdPm: string | null;
  axioneInternalPmId: string | null;
  pmCity: string | null;
  oscarColumns: Record<string, string>;
};
