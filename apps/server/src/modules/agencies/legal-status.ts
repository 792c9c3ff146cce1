import {
  type AgencyLegalStatus,
  LEGAL_DOCUMENT_EXPIRY_WARNING_DAYS,
  type LegalDocumentState,
  type LegalFolderCategory,
} from '@isf/contract';
import type { LegalDocument, LegalFolder } from '../../integrations/legal-folder/legal-folder.port.js';

const DAY_MS = 86_400_000;
const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in France at a given instant: validity dates are French days. */
export function parisToday(now: Date = new Date()): string {
  return parisDay.format(now);
}

/** A YYYY-MM-DD day moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Where a document stands on `today`: missing when not provided (or refused); expired when its last day
 * of validity is past, or the platform says so; expiring when that day comes within 30 days; else valid.
 */
export function documentState(document: LegalDocument, today: string): LegalDocumentState {
  if (!document.available || document.statusCode === 'MISSING' || document.statusCode === 'REFUSED') {
    return 'missing';
  }
  if (document.statusCode === 'EXPIRED' || (document.expiresOn !== null && document.expiresOn < today)) {
    return 'expired';
  }
  if (document.expiresOn !== null && document.expiresOn <= addDays(today, LEGAL_DOCUMENT_EXPIRY_WARNING_DAYS)) {
    return 'expiring';
  }
  return 'valid';
}

export type LegalEvaluation = {
  status: AgencyLegalStatus;
  documentsCompleted: boolean;
  categories: LegalFolderCategory[];
};

/**
 * The agency's status from its folder (decisions.md, "Legal folder"): 3 when the supplier is not
 * onboarded or a document is missing or expired; otherwise 2 when a document expires within 30 days;
 * otherwise 1. The documents are complete when none is missing or expired (status 1 or 2).
 */
export function evaluateFolder(folder: LegalFolder, today: string): LegalEvaluation {
  const categories = folder.categories.map((category) => ({
    code: category.code,
    name: category.name,
    documents: category.documents.map((document) => ({
      code: document.code,
      name: document.name,
      available: document.available,
      deliveredOn: document.deliveredOn,
      expiresOn: document.expiresOn,
      state: documentState(document, today),
    })),
  }));
  const states = new Set(categories.flatMap((category) => category.documents.map((document) => document.state)));
  const failing = !folder.onboarded || states.has('missing') || states.has('expired');
  const status: AgencyLegalStatus = failing ? 3 : states.has('expiring') ? 2 : 1;
  return { status, documentsCompleted: !failing, categories };
}
