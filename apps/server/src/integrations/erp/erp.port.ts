import type { OracleProjectRecord } from '@isf/contract';

/** A project of the ERP (Oracle Fusion Project Management), as ISF keeps it, without ISF's own id and link. */
export type ErpProject = Omit<OracleProjectRecord, 'id' | 'projectId'>;

/** A task of an ERP project (the lowest level orders are charged to). */
export type ErpTask = {
  erpTaskId: number;
  name: string;
  number: string;
  description: string | null;
};

/** A person of the ERP (Oracle HCM public worker record): who orders and receipts are sent in the name of. */
export type ErpPerson = {
  personId: number;
  personNumber: string | null;
  displayName: string;
  workEmail: string | null;
};

/** The ERP answered with an error, or did not answer (its text is shown to the user). */
export class ErpError extends Error {}

/** The ERP answered something that is not an Oracle REST reply. */
export class ErpInvalidResponse extends Error {}

/**
 * What ISF asks of the ERP. Projects, tasks and persons for now; purchase orders, receipts and
 * retention invoices join this port with their issues.
 */
export type Erp = {
  /** Every project of a business unit (all pages). */
  listProjects(query: { businessUnit: string }): Promise<ErpProject[]>;
  /** Every task of a project (all pages). */
  listTasks(erpProjectId: number): Promise<ErpTask[]>;
  /** The persons whose work mail is `mail` (normally one). */
  findPeopleByMail(mail: string): Promise<ErpPerson[]>;
};
