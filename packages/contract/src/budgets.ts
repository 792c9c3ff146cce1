/**
 * The budget screens (spec 2 "DC4 and budget screens", §3 DC4, Budget OD and Quantitative rows): the
 * rows the server answers and the web shows. Money is a decimal text (never a binary float); the figures
 * are defined in docs/money.md.
 */

/** The order nodes whose total counts as ordered (committed): validated and closed orders. */
export const BUDGET_ORDERED_NODES = ['os_validated', 'os_closed'] as const;

/** The currency of the OD mask (spec 2 §9: currency EUR). */
export const BUDGET_CURRENCY = 'EUR';

/** The DC4 figures of a market (docs/money.md "Budgets"): its ceiling, what its attachments and orders take of it. */
export type Dc4Figures = {
  maxAmountDc4Ht: string;
  /** Validated attachments invoiced in a paid monthly statement. */
  amountPayedAttachments: string;
  /** Validated attachments invoiced in a monthly statement not paid yet. */
  amountMonthlyStatementAttachments: string;
  /** Validated attachments invoiced in no monthly statement. */
  amountValidatedAttachments: string;
  /** The three above: every validated attachment of the market. */
  totalAttachementAmount: string;
  /** maxAmountDc4Ht − totalAttachementAmount (negative: over the ceiling). */
  availableOnDc4: string;
  /** Totals of the validated and closed orders. */
  amountOrdered: string;
  /** Remaining to do: amountOrdered − totalAttachementAmount. */
  radAmount: string;
  /** availableOnDc4 − radAmount. */
  availableOnDc4WithRAD: string;
};

/** One row per market (and its project): what the DC4 ceiling still allows. */
export type Dc4Row = Dc4Figures & {
  /** The market's id. */
  id: number;
  projectId: number;
  projectName: string;
  marketEdifice: string;
  agencyName: string;
};

/** One row per invoiced attachment and prestation type (the OD mask of the accounting entries). */
export type BudgetOdRow = {
  id: number;
  statementId: number;
  statementDate: string;
  attachmentId: number;
  attachmentReference: string;
  senderEotp: string | null;
  receiverEotp: string | null;
  amountHt: string;
  prestationTypeName: string;
  currency: string;
};

/** One row per project, market, imputation, OSCAR sub-project, prestation and unit price. */
export type QuantitativeRow = {
  id: number;
  projectId: number;
  projectName: string;
  marketId: number;
  marketEdifice: string;
  imputationEotp: string | null;
  arcgisName: string | null;
  nroName: string | null;
  offerIdPm: string | null;
  prestationReference: string;
  prestationDescription: string;
  unitName: string;
  unitPrice: string;
  quantityOrdered: string;
  quantityDone: string;
  amountOrdered: string;
  amountDone: string;
};

/** One row per order: its retention (RG), its deposits and the payment guarantee replacing the RG. */
export type BudgetWarrantyRow = {
  id: number;
  reference: string;
  marketId: number;
  marketEdifice: string;
  projectId: number;
  projectName: string;
  total: string;
  rg: string;
  rgReleased: string;
  rgLeft: string;
  depositAmount: string;
  depositUsed: string;
  /** The project holds a payment guarantee (loi 71-584: a bank guarantee may replace the retention). */
  paymentGuarantee: boolean;
  /** The RG left that the guarantee covers (rgLeft when guaranteed, else 0). */
  rgCoveredByGuarantee: string;
};

/** Dates of the OD mask (YYYY-MM-DD, both optional). */
export const BUDGET_OD_DATE_MESSAGE = 'Les dates de début et de fin doivent être au format AAAA-MM-JJ.';
export const BUDGET_OD_RANGE_MESSAGE = 'La date de fin doit être postérieure ou égale à la date de début.';
