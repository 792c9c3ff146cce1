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

/**
 * A retention invoice (Oracle Fusion Payables `invoices`): the released RG of an attachment, owed to
 * the subcontractor; `invoiceNumber` is ISF's reference, unique, by which a resend finds it again.
 */
export type ErpRetentionInvoiceRequest = {
  invoiceNumber: string;
  /** Decimal text with two decimals (never a binary float until the wire). */
  amount: string;
  currency: string;
  invoiceDate: string;
  invoiceType: string;
  payGroup: string | null;
  businessUnit: string;
  supplier: string;
  supplierSite: string | null;
  description: string;
  projectNumber: string | null;
  taskNumber: string | null;
};

/** An invoice of the ERP, as it answers. */
export type ErpInvoice = { invoiceId: number; invoiceNumber: string; amount: string; validationStatus: string | null };

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
  /** The project numbered `number` (ERP imputations' synchronisation), or null. */
  findProjectByNumber(number: string): Promise<ErpProject | null>;
  /** The invoice numbered `invoiceNumber`, or null (so a resend never makes a second invoice). */
  findInvoiceByNumber(invoiceNumber: string): Promise<ErpInvoice | null>;
  /** Creates a retention invoice (released RG); a refusal is an ErpError with the ERP's words. */
  createRetentionInvoice(invoice: ErpRetentionInvoiceRequest): Promise<ErpInvoice>;
};
