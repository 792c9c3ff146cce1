import { z } from 'zod';
import { requiredId, requiredText } from './fields.js';
import { formatMessage } from './messages.js';

/** Spec 2 §9: exactly two signers, phone country code +33 by default, anchor strings key1 and key2 by default. */
export const SIGNERS_COUNT = 2;
export const DEFAULT_PHONE_COUNTRY_CODE = '+33';
export const DEFAULT_ANCHOR_STRINGS = ['key1', 'key2'] as const;
/** Spec 2 §5, §8 (texts verbatim). */
export const ANCHORS_DIFFERENT_MESSAGE = 'anchor strings should be different';
export const SIGNATURE_SEND_ERROR_MESSAGE = "Erreur d'envoi à la signature";
/** The reply of `POST /document/signature/email` when the provider took the request. */
export const SIGNATURE_SENT = 'sent';
export const SIGNERS_COUNT_MESSAGE = 'Il faut exactement deux signataires.';
export const SIGNATURE_TARGET_MESSAGE = 'Choisissez une enveloppe ou des documents à signer.';
export const SIGNATURE_ENVELOPE_NOT_VALIDATED_MESSAGE = 'Seule une enveloppe validée peut être envoyée à la signature.';
export const SIGNATURE_DOCUMENT_NOT_VALIDATED_MESSAGE = 'Seuls des documents validés peuvent être envoyés à la signature.';
export const SIGNATURE_ALREADY_PENDING_MESSAGE = 'Ce document est déjà en cours de signature.';
export const SIGNATURE_NOT_PDF_MESSAGE = 'Seuls des documents PDF peuvent être envoyés à la signature.';
export const ANCHOR_REQUIRED_MESSAGE = 'Indiquez le texte repère de la signature automatique.';
export const PHONE_COUNTRY_CODE_MESSAGE = 'Indicatif invalide (par exemple +33).';
export const PHONE_NUMBER_MESSAGE = 'Numéro de téléphone invalide.';

/** Where the signature goes: placed by hand by the signer, or automatically on the anchor string. */
export const SIGNATURE_POSITIONS = ['manual', 'automatic'] as const;
export type SignaturePosition = (typeof SIGNATURE_POSITIONS)[number];

/** Spec 2 §3 Signer: all fields required; an automatic anchor needs its anchor string. */
export const signerSchema = z
  .object({
    name: requiredText(255),
    email: requiredText(255).refine((value) => z.email().safeParse(value).success, formatMessage('validation.email')),
    phoneCountryCode: z
      .string()
      .trim()
      .default(DEFAULT_PHONE_COUNTRY_CODE)
      .refine((value) => /^\+\d{1,4}$/.test(value), PHONE_COUNTRY_CODE_MESSAGE),
    phoneNumber: requiredText(30)
      .transform((value) => value.replace(/[\s.-]/g, ''))
      .refine((value) => /^\d{6,15}$/.test(value), PHONE_NUMBER_MESSAGE),
    /** true: automatic position on the anchor string; false: manual. */
    anchorRequired: z.boolean().default(false),
    anchorString: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((signer, context) => {
    if (signer.anchorRequired && !signer.anchorString) {
      context.addIssue({ code: 'custom', path: ['anchorString'], message: ANCHOR_REQUIRED_MESSAGE });
    }
  });
export type SignerInput = z.input<typeof signerSchema>;
export type Signer = z.output<typeof signerSchema>;

/** Both signers on automatic anchors need different anchor strings (spec 2 §5): the rule of client and server. */
export function anchorsProblem(signers: readonly { anchorRequired?: boolean; anchorString?: string | null }[]): string | null {
  const automatic = signers.filter((signer) => signer.anchorRequired);
  if (automatic.length < 2) {
    return null;
  }
  const strings = automatic.map((signer) => (signer.anchorString ?? '').trim());
  return new Set(strings).size < strings.length ? ANCHORS_DIFFERENT_MESSAGE : null;
}

/** `POST /document/signature/email`: an envelope id, or document ids (documents screen), and exactly two signers. */
export const signatureEmailSchema = z
  .object({
    envelopeId: requiredId.nullish().transform((value) => value ?? null),
    docIds: z
      .array(requiredId)
      .max(50)
      .nullish()
      .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null)),
    signers: z.array(signerSchema, { error: SIGNERS_COUNT_MESSAGE }).length(SIGNERS_COUNT, SIGNERS_COUNT_MESSAGE),
  })
  .superRefine((value, context) => {
    if ((value.envelopeId === null) === (value.docIds === null)) {
      context.addIssue({ code: 'custom', path: ['envelopeId'], message: SIGNATURE_TARGET_MESSAGE });
    }
    const problem = anchorsProblem(value.signers);
    if (problem) {
      context.addIssue({ code: 'custom', path: ['signers'], message: problem });
    }
  });
export type SignatureEmailInput = z.output<typeof signatureEmailSchema>;

/** The state of the last signature request of an envelope or document, as the screens show it. */
export const SIGNATURE_STATUSES = ['ongoing', 'done', 'declined', 'expired'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
export type SignatureRequestSummary = {
  id: number;
  status: SignatureStatus;
  /** Why it was declined or expired. */
  reason: string | null;
  signers: { name: string; email: string }[];
  createdAt: string;
  completedAt: string | null;
};
