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

/**
 * The ERP read the request and refused it (an HTTP 4xx other than authentication: a validation error
 * of the document). Sending it again unchanged gets the same answer: it is not retried.
 */
export class ErpRefusal extends ErpError {}

/** The ERP answered something that is not an Oracle REST reply. */
export class ErpInvalidResponse extends Error {}

/** The project costing of a purchase order distribution (Oracle's project costing flexfield). */
export type ErpProjectCosting = {
  projectNumber: string;
  taskNumber: string;
  expenditureType: string;
  /** YYYY-MM-DD. */
  expenditureItemDate: string;
  expenditureOrganization: string | null;
};

/** One line of a purchase order: one BPU prestation of the order, with one schedule and one distribution. */
export type ErpPurchaseOrderLine = {
  lineNumber: number;
  description: string;
  /** Quantities, prices and amounts are decimal texts (never binary floats). */
  quantity: string;
  unitOfMeasure: string;
  unitPrice: string;
  amount: string;
  /** The schedule: when the work is due (YYYY-MM-DD). */
  needByDate: string;
  costing: ErpProjectCosting;
};

/**
 * A draft purchase order (Oracle Fusion `draftPurchaseOrders`) built from an ISF order; `reference` is
 * ISF's order reference (the header's ReferenceNumber), by which the order is found again. Oracle
 * numbers the order itself (OrderNumber): that number is the order's ERP id in ISF.
 */
export type ErpPurchaseOrderDraft = {
  reference: string;
  description: string;
  procurementBusinessUnit: string;
  requisitioningBusinessUnit: string;
  buyer: string;
  documentStyle: string;
  currencyCode: string;
  supplier: string;
  supplierSite: string | null;
  lineType: string;
  destinationType: string;
  taxClassification: string | null;
  lines: ErpPurchaseOrderLine[];
};

/** A purchase order of the ERP: a draft (not yet submitted) or a submitted order. */
export type ErpPurchaseOrder = {
  poHeaderId: number;
  orderNumber: string;
  /** Oracle's status code: INCOMPLETE for a draft, then PENDING APPROVAL, OPEN... */
  status: string;
  draft: boolean;
};

/** One amount-based service line of a receipt: what was done on one purchase order line. */
export type ErpReceiptLine = {
  /** ISF's own number of the line (the attachment line), echoed back with its errors. */
  lineNumber: number;
  description: string;
  /** The purchase order line received against; null when the order has no such line. */
  documentLineNumber: number | null;
  amount: string;
};

/**
 * A receipt request (Oracle Fusion `receivingReceiptRequests`) for an attachment; `reference` is ISF's
 * attachment reference (the request's ShipmentNumber), by which it is found again.
 */
export type ErpReceiptRequestDraft = {
  reference: string;
  orderNumber: string;
  businessUnit: string;
  organizationCode: string;
  supplier: string;
  currencyCode: string;
  routing: string;
  lines: ErpReceiptLine[];
};

/** A receipt request as the ERP processes it (asynchronously). */
export type ErpReceiptRequest = {
  headerInterfaceId: number;
  reference: string;
  /** PENDING or RUNNING while the ERP processes it, then SUCCESS or ERROR. */
  processingStatus: 'PENDING' | 'RUNNING' | 'SUCCESS' | 'ERROR';
  /** The receipt's number once processed. */
  receiptNumber: string | null;
  lines: { interfaceTransactionId: number; lineNumber: number; processingStatus: string }[];
};

/** Why the ERP refused one line of a receipt request. */
export type ErpReceiptLineError = { lineNumber: number; message: string };

/**
 * What ISF asks of the ERP: projects, tasks and persons; purchase orders and receipts (sent by
 * modules/erp-exchange); retention invoices (released RG).
 */
export type Erp = {
  /** Every project of a business unit (all pages). */
  listProjects(query: { businessUnit: string }): Promise<ErpProject[]>;
  /** Every task of a project (all pages). */
  listTasks(erpProjectId: number): Promise<ErpTask[]>;
  /** The persons whose work mail is `mail` (normally one). */
  findPeopleByMail(mail: string): Promise<ErpPerson[]>;

  // --- purchase orders ---
  /** The purchase order that carries ISF's reference: a submitted one first, else a draft; null when none. */
  findPurchaseOrder(reference: string): Promise<ErpPurchaseOrder | null>;
  /** Creates the draft purchase order with its lines, schedules and distributions. */
  createDraftPurchaseOrder(draft: ErpPurchaseOrderDraft): Promise<ErpPurchaseOrder>;
  /** Deletes a draft that was never submitted (a send interrupted before its submission). */
  deleteDraftPurchaseOrder(poHeaderId: number): Promise<void>;
  /** Submits a draft (action `submit`): it becomes a purchase order. */
  submitPurchaseOrder(poHeaderId: number): Promise<ErpPurchaseOrder>;

  // --- receipts ---
  /** The receipt requests whose ShipmentNumber is ISF's reference, oldest first. */
  findReceiptRequests(reference: string): Promise<ErpReceiptRequest[]>;
  /** Creates a receipt request; the ERP processes it later. */
  createReceiptRequest(draft: ErpReceiptRequestDraft): Promise<ErpReceiptRequest>;
  /** A receipt request as the ERP has processed it so far. */
  readReceiptRequest(headerInterfaceId: number): Promise<ErpReceiptRequest>;
  /** The processing errors of every line of a receipt request, by ISF's line number. */
  listReceiptErrors(headerInterfaceId: number): Promise<ErpReceiptLineError[]>;

  // --- projects by number and retention invoices (released RG) ---
  /** The project numbered `number` (ERP imputations' synchronisation), or null. */
  findProjectByNumber(number: string): Promise<ErpProject | null>;
  /** The invoice numbered `invoiceNumber`, or null (so a resend never makes a second invoice). */
  findInvoiceByNumber(invoiceNumber: string): Promise<ErpInvoice | null>;
  /** Creates a retention invoice (released RG); a refusal is an ErpError with the ERP's words. */
  createRetentionInvoice(invoice: ErpRetentionInvoiceRequest): Promise<ErpInvoice>;
};
