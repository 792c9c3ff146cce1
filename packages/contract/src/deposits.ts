import { z } from 'zod';
import { optionalCalendarDate, requiredText, versionField } from './fields.js';
import type { MarketDepositType } from './markets.js';

/** The entity code of deposits (rights): spelled as the spec does. */
export const DEPOSIT_ENTITY = 'deposit';
/** Spec 2 §6: deposits are edited with the order's financial option (OS.EDIT_FINANCIAL_INFO). */
export const DEPOSIT_FINANCIAL_OPTION = 'serviceorders.edit_financial_info';

export const DEPOSIT_AMOUNT_REQUIRED_MESSAGE = "Le montant de l'avance est obligatoire.";
export const DEPOSIT_AMOUNT_MIN_MESSAGE = "Le montant de l'avance doit être supérieur ou égal à 0.";
export const DEPOSIT_AMOUNT_INVALID_MESSAGE = 'Montant invalide (un nombre, deux décimales au plus).';
export const DEPOSIT_DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';
export const DEPOSIT_OPTION_MESSAGE =
  "Vous n'avez pas le droit de saisir ou de modifier les avances (option « informations financières » des commandes).";
export const DEPOSIT_NOT_APPLICABLE_MESSAGE =
  'Le type de retenue est « non applicable » : aucune avance ne peut être saisie ni modifiée.';
export const DEPOSIT_AMOUNT_BELOW_USED_MESSAGE =
  'Le montant ne peut pas être inférieur à ce que les attachements ont déjà consommé ({used} €).';
export const DEPOSIT_REFERENCE_DUPLICATE_MESSAGE = 'Une avance porte déjà cette référence sur ce marché.';

/** Spec 2 §5 Deposit: the amount is required, 0 or more; two decimals at most (EUR), a comma is accepted. */
export const depositAmountSchema = z
  .union([z.string(), z.number(), z.null(), z.undefined()], { error: DEPOSIT_AMOUNT_INVALID_MESSAGE })
  .transform((value, context) => {
    const text = value === null || value === undefined ? '' : String(value).trim().replace(',', '.').replace(/\s/g, '');
    if (text === '') {
      context.addIssue({ code: 'custom', message: DEPOSIT_AMOUNT_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    if (!/^[-+]?\d{1,12}(\.\d{1,2})?$/.test(text)) {
      context.addIssue({ code: 'custom', message: DEPOSIT_AMOUNT_INVALID_MESSAGE });
      return z.NEVER;
    }
    const unsigned = text.replace(/^[-+]/, '');
    if (text.startsWith('-') && !/^0+(\.0+)?$/.test(unsigned)) {
      context.addIssue({ code: 'custom', message: DEPOSIT_AMOUNT_MIN_MESSAGE });
      return z.NEVER;
    }
    return unsigned;
  });

const optionalDate = optionalCalendarDate(DEPOSIT_DATE_INVALID_MESSAGE);

const depositFields = {
  reference: requiredText(100),
  amount: depositAmountSchema,
  reimbursementDate: optionalDate,
};

/** POST /order/{id}/deposit and POST /market/{id}/deposit (the add modal). */
export const depositCreateSchema = z.object(depositFields);
export type DepositCreateInput = z.output<typeof depositCreateSchema>;

/** PUT /deposit/{id} (the inline row edit): the same fields and the version read. */
export const depositUpdateSchema = z.object({ ...depositFields, version: versionField });
export type DepositUpdateInput = z.output<typeof depositUpdateSchema>;

/**
 * Spec 2 §5, §6: deposits are added and edited only with the financial option, and only when the
 * retention type (the order's, else its market's) is not "not applicable". Null when allowed.
 */
export function depositEditRefusal(facts: {
  hasFinancialOption: boolean;
  depositType: MarketDepositType | null | undefined;
}): string | null {
  if (!facts.hasFinancialOption) {
    return DEPOSIT_OPTION_MESSAGE;
  }
  if (facts.depositType === 'notApplicable') {
    return DEPOSIT_NOT_APPLICABLE_MESSAGE;
  }
  return null;
}

/** What one attachment consumed of a deposit (the deposit's "attachements" map). */
export type DepositUsage = {
  attachment: number;
  reference: string;
  order: number;
  orderReference: string;
  amount: string;
  createdAt: string;
};

/** A row of GET /deposit (the deposits list and its CSV), and of the order and market blocks. */
export type DepositRow = {
  id: number;
  version: number;
  reference: string;
  amount: string;
  depositUsed: string;
  /** amount − depositUsed, never negative. */
  remaining: string;
  reimbursementDate: string | null;
  createdAt: string;
  marketId: number;
  marketEdifice: string;
  projectId: number;
  projectName: string;
  agencyId: number;
  agencyName: string;
  /** The order the deposit was paid for; null: any order of the market may consume it. */
  orderId: number | null;
  orderReference: string | null;
  /** The retention type that decides whether it may be edited: the order's, else the market's. */
  depositType: MarketDepositType;
};

/** A deposit of an order or market block, with what each attachment consumed of it. */
export type DepositRecord = DepositRow & { attachements: DepositUsage[] };

/** GET /order/{id}/deposits and GET /market/{id}/deposits. */
export type OwnerDeposits = {
  /** The retention type of the order (its own, else its market's) or of the market. */
  depositType: MarketDepositType;
  /** Why the caller may not add or edit deposits here (option, retention type); null when allowed. */
  editRefusal: string | null;
  content: DepositRecord[];
};
