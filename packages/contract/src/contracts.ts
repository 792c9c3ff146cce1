import { z } from 'zod';
import { isCalendarDate, optionalId, optionalText, requiredId, requiredText, versionField } from './fields.js';
import { formatMessage } from './messages.js';

export const CONTRACT_ENTITY = 'contract';
export const ENVELOPE_ENTITY = 'envelope';
/** The envelope's only step where its documents are added or removed and where it may be deleted. */
export const ENVELOPE_DRAFT_NODE = 'env_draft';
/** The hidden transitions that send an envelope to validation, by the node they leave (draft or refused). */
export const ENVELOPE_SEND_TRANSITIONS: Readonly<Record<string, string>> = {
  env_draft: 'env_submit_to_validation',
  env_refused: 'env_to_validation',
};

export const CONTRACT_DATE_INVALID_MESSAGE = 'Date invalide (format AAAA-MM-JJ).';
export const CONTRACT_END_BEFORE_START_MESSAGE = 'La date de fin doit être postérieure à la date de début.';
export const CONTRACT_DURATION_MESSAGE = 'La durée doit être un nombre entier supérieur à 0.';
export const CONTRACT_NUMBER_DUPLICATE_MESSAGE = 'Un contrat avec ce numéro existe déjà.';
export const CONTRACT_PARENT_ITSELF_MESSAGE = 'Un contrat ne peut pas être son propre parent.';
export const CONTRACT_PARENT_CYCLE_MESSAGE = 'Ce contrat parent est déjà un descendant de ce contrat.';
export const CONTRACT_IN_USE_MESSAGE =
  'Ce contrat ne peut pas être supprimé : des contrats enfants, des enveloppes ou des marchés y sont liés.';
export const ENVELOPE_DELETE_NOT_DRAFT_MESSAGE = 'Seule une enveloppe au brouillon peut être supprimée.';
export const ENVELOPE_DOCUMENTS_DRAFT_MESSAGE =
  "Les documents d'une enveloppe ne s'ajoutent et ne se suppriment qu'au brouillon.";
export const ENVELOPE_NO_DOCUMENT_MESSAGE = "Ajoutez au moins un document à l'enveloppe avant de l'envoyer en validation.";
export const ENVELOPE_SEND_OPTION_MESSAGE = "Vous n'avez pas le droit d'envoyer une enveloppe en validation ou à la signature.";
export const ENVELOPE_NOT_SENDABLE_MESSAGE = 'Seule une enveloppe au brouillon ou refusée peut être envoyée en validation.';
export const ENVELOPE_VALIDATORS_REQUIRED_MESSAGE = 'Choisissez au moins un valideur.';
/** Spec 2 §5 Send to validation: at least two validator roles, a user chosen for each (texts verbatim). */
export const ENVELOPE_MIN_VALIDATOR_ROLES = 2;
export const ENVELOPE_ROLES_REQUIRED_MESSAGE = 'at least 2 roles required';
export const ENVELOPE_ROLE_USER_MESSAGE = 'each role must select a user';
export const ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE =
  'Cette enveloppe a moins de deux valideurs : renvoyez-la en validation en choisissant un valideur par rôle.';
export const ENVELOPE_ALREADY_DECIDED_MESSAGE = 'Vous avez déjà donné votre décision sur cette enveloppe.';
export const ENVELOPE_VALIDATOR_UNKNOWN_MESSAGE =
  "Ce valideur n'existe pas, n'est plus actif ou n'a pas de rôle valideur d'enveloppe.";
export const ENVELOPE_VALIDATOR_ONLY_MESSAGE =
  'Seuls les valideurs désignés de cette enveloppe peuvent la valider ou la refuser.';
/**
 * The step an envelope's documents stand on for each step of the envelope: they are validated and signed
 * with it, never on their own (an envelope being signed keeps its documents validated).
 */
export const ENVELOPE_DOCUMENT_NODES: Readonly<Record<string, string>> = {
  env_draft: 'doc_draft',
  env_pending_validation: 'doc_pending_validation',
  env_validated: 'doc_validated',
  env_refused: 'doc_refused',
  env_signing: 'doc_validated',
  env_signed: 'doc_signed',
};
export const ENVELOPE_DOCUMENT_FOLLOWS_MESSAGE =
  "Le statut d'un document d'enveloppe suit celui de son enveloppe : validez ou envoyez l'enveloppe à la signature.";
/** Spec 2 §8: the envelope manager without read right on envelopes. */
export const ENVELOPE_ACCESS_NOT_GRANTED = 'access not granted';

const date = (required: boolean) =>
  z
    .string({ error: formatMessage('validation.required') })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => !required || value !== null, formatMessage('validation.required'))
    .refine((value) => value === null || isCalendarDate(value), {
      message: CONTRACT_DATE_INVALID_MESSAGE,
    });

const duration = z
  .union([z.number(), z.string()], { error: formatMessage('validation.required') })
  .transform((value) => (typeof value === 'string' ? value.trim() : value))
  .refine((value) => value !== '', formatMessage('validation.required'))
  .transform(Number)
  .refine((value) => Number.isInteger(value) && value > 0 && value <= 10_000, CONTRACT_DURATION_MESSAGE);

const contractFields = {
  contractNumber: requiredText(100),
  active: z.boolean().default(true),
  parent: optionalId,
  documentType: requiredId,
  agency: requiredId,
  signatureDate: date(true),
  startDate: date(true),
  endDate: date(true),
  /** In months. */
  duration,
  terminationDate: date(false),
  expirationDateAfterRenewal: date(false),
  referent: requiredId,
  referentBuyer: optionalText(255),
  adminReferent: requiredId,
  comment: optionalText(4000),
};

function dateOrder<Value extends { startDate: string | null; endDate: string | null }>(value: Value, context: z.RefinementCtx) {
  if (value.startDate && value.endDate && value.endDate <= value.startDate) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: CONTRACT_END_BEFORE_START_MESSAGE });
  }
}

/** Contract creation (spec 2 §3 Contract): the end date strictly after the start date, a duration above 0. */
export const contractCreateSchema = z.object(contractFields).superRefine(dateOrder);
export const contractUpdateSchema = z.object({ ...contractFields, version: versionField }).superRefine(dateOrder);
export type ContractInput = z.output<typeof contractCreateSchema>;

export type ContractRecord = {
  id: number;
  version: number;
  contractNumber: string;
  active: boolean;
  parent: number | null;
  parentNumber: string | null;
  documentType: number;
  documentTypeName: string;
  agency: number;
  agencyName: string;
  signatureDate: string;
  startDate: string;
  endDate: string;
  duration: number;
  terminationDate: string | null;
  expirationDateAfterRenewal: string | null;
  referent: number;
  referentName: string;
  referentBuyer: string | null;
  adminReferent: number;
  adminReferentName: string;
  comment: string | null;
  createdAt: string;
};

/** A contract row of the lists (`GET /contracts`, `/contract/{id}/childs`, `/parents`). */
export type ContractRow = {
  id: number;
  contractNumber: string;
  active: boolean;
  agencyId: number;
  agencyName: string;
  documentTypeId: number;
  documentTypeName: string;
  referentId: number;
  referentName: string;
  adminReferentName: string;
  signatureDate: string;
  startDate: string;
  endDate: string;
  duration: number;
  parentId: number | null;
  parentNumber: string | null;
};

export const envelopeCreateSchema = z.object({ name: requiredText(255), contractId: requiredId });
export const envelopeUpdateSchema = z.object({ name: requiredText(255), version: versionField });
export type EnvelopeCreateInput = z.output<typeof envelopeCreateSchema>;

/** `POST /envelope/validation/`: the validators chosen, then the envelope goes to validation. */
export const envelopeValidationSchema = z.object({
  envId: requiredId,
  users: z
    .array(requiredId, { error: ENVELOPE_VALIDATORS_REQUIRED_MESSAGE })
    .min(1, ENVELOPE_VALIDATORS_REQUIRED_MESSAGE)
    .max(20)
    .transform((ids) => [...new Set(ids)]),
  /** The validator roles chosen in the modal; each must have exactly one of the users (derived from the users when absent). */
  roles: z
    .array(requiredId)
    .max(20)
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
  comment: optionalText(4000),
});

/**
 * The send-to-validation choice of the modal (spec 2 §5): the rule shared by the client (Send disabled,
 * the spec's text) and the server (400). `choices` maps each chosen role to its user (null: none chosen).
 */
export function validatorChoiceProblem(choices: readonly { roleId: number; userId: number | null }[]): string | null {
  if (new Set(choices.map((choice) => choice.roleId)).size < ENVELOPE_MIN_VALIDATOR_ROLES) {
    return ENVELOPE_ROLES_REQUIRED_MESSAGE;
  }
  return choices.some((choice) => choice.userId === null) ? ENVELOPE_ROLE_USER_MESSAGE : null;
}

export type EnvelopeStatus = { tokenId: number; nodeId: number; nodeName: string; nodeCode: string; updatedAt: string } | null;

/** A validator's decision on an envelope: nothing yet, validated or refused. */
export type EnvelopeDecision = 'validated' | 'refused' | null;

export type EnvelopeValidator = {
  id: number;
  user: { id: number; name: string; roleName: string | null };
  isValidated: boolean;
  decision: EnvelopeDecision;
  /** The date of the decision (validation or refusal). */
  validationDate: string | null;
  comment: string | null;
};

export type EnvelopeRecord = {
  id: number;
  version: number;
  name: string;
  createdAt: string;
  contractId: number;
  contractNumber: string;
  statusWF: EnvelopeStatus;
  validators: EnvelopeValidator[];
};

/** An envelope of a contract's list (`GET /contract/{id}/envelopes`). */
export type EnvelopeSummary = { id: number; name: string; createdAt: string; statusWF: EnvelopeStatus };

/** A role whose holders may validate envelopes, with its active users (`GET /role/envelope-validator`). */
export type EnvelopeValidatorRole = { id: number; name: string; users: { id: number; name: string }[] };

/**
 * The contract's fields a contract template is filled with ("download contract template", spec 2 Envelope
 * manager): the name a template's form field (AcroForm) carries, and the label of the summary page a
 * template without any of these fields receives in front (docs/decisions.md).
 */
export const CONTRACT_TEMPLATE_FIELDS = {
  contractNumber: 'Numéro de contrat',
  documentType: 'Type de document',
  agency: 'Agence',
  company: 'Entreprise',
  signatureDate: 'Date de signature',
  startDate: 'Date de début',
  endDate: 'Date de fin',
  duration: 'Durée (mois)',
  terminationDate: 'Date de résiliation',
  expirationDateAfterRenewal: "Date d'expiration après renouvellement",
  referent: 'Référent',
  referentEmail: 'E-mail du référent',
  adminReferent: 'Référent administratif',
  adminReferentEmail: 'E-mail du référent administratif',
  referentBuyer: 'Référent acheteur',
  parentContract: 'Contrat parent',
  editionDate: "Date d'édition",
} as const;

export type ContractTemplateField = keyof typeof CONTRACT_TEMPLATE_FIELDS;

const templateFieldKeys = new Map(
  Object.keys(CONTRACT_TEMPLATE_FIELDS).map((key) => [key.toLowerCase(), key as ContractTemplateField]),
);

/**
 * The contract field a template's form field stands for: its last name part (`Page1.contractNumber`),
 * case, spaces, `_` and `-` ignored (`CONTRACT_NUMBER`, `contract-number`); undefined for another field.
 */
export function contractTemplateFieldOf(formFieldName: string): ContractTemplateField | undefined {
  const last = formFieldName.split('.').pop() ?? '';
  return templateFieldKeys.get(last.replace(/[\s_-]/g, '').toLowerCase());
}

export const CONTRACT_TEMPLATE_UNREADABLE_MESSAGE = "Ce modèle n'est pas un PDF lisible : impossible de le remplir.";
export const CONTRACT_TEMPLATE_ENCRYPTED_MESSAGE = 'Ce modèle est protégé par un mot de passe : impossible de le remplir.';
