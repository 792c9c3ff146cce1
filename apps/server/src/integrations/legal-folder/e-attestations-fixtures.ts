import { withSiretKey } from '@isf/contract';
import { SIRENE_FIXTURES } from '../company-registry/sirene-fixtures.js';

/** The vigilance documents the simulated account asks of every supplier (its "VIGILANCE" dossier type). */
export const VIGILANCE_DOCUMENTS: { code: string; name: string; validityDays: number | null }[] = [
  { code: 'KBIS', name: 'Extrait Kbis de moins de 3 mois', validityDays: 90 },
  { code: 'ATT_URSSAF', name: 'Attestation de vigilance URSSAF', validityDays: 180 },
  { code: 'LNTE', name: 'Liste nominative des travailleurs étrangers (LNTE)', validityDays: 180 },
  { code: 'ATT_FISCALE', name: 'Attestation de régularité fiscale', validityDays: 365 },
  { code: 'ATT_RC_PRO', name: "Attestation d'assurance responsabilité civile professionnelle", validityDays: 365 },
  { code: 'ATT_DECENNALE', name: "Attestation d'assurance décennale", validityDays: 365 },
];

/**
 * How one document of a fixture folder stands, in days from the day the simulator answers (so that
 * "expires within 30 days" stays true whenever the demo runs): delivered that many days ago and valid
 * for the document's usual duration, or expiring in `expiresInDays` (negative: expired), or missing.
 */
export type DocumentFixture = { deliveredDaysAgo: number; expiresInDays?: number } | 'missing';

export type FolderFixture = {
  siret: string;
  /** The supplier has registered on the platform (e-Attestations' `thirdpartyState`). */
  registered: boolean;
  /** Invitation mails already sent (a dossier exists). */
  emails: string[];
  /** Documents that differ from "delivered 20 days ago, valid". */
  documents?: Partial<Record<string, DocumentFixture>>;
};

const siretOf = (index: number) => SIRENE_FIXTURES[index]?.siret ?? '';

/**
 * Folders keyed on SIRETs of the Sirene simulator (the first three are the demo agencies'): complete,
 * expiring soon, missing or expired documents, invited but not registered. Other SIRETs have no dossier:
 * the supplier is not onboarded.
 */
export const FOLDER_FIXTURES: FolderFixture[] = [
  // Fibres Réseaux Aquitaine (demo): everything valid.
  { siret: siretOf(0), registered: true, emails: ['conformite@fra.example'] },
  // Télécom Travaux Sud-Ouest (demo): the URSSAF attestation expires in 12 days.
  {
    siret: siretOf(1),
    registered: true,
    emails: ['admin@ttso.example'],
    documents: { ATT_URSSAF: { deliveredDaysAgo: 168, expiresInDays: 12 } },
  },
  // Génie Civil Garonne (demo, follow-up off): no dossier, not onboarded.
  // Optique Raccordement Pyrénées: no Kbis.
  { siret: siretOf(3), registered: true, emails: ['rh@orp.example'], documents: { KBIS: 'missing' } },
  // Câblage Atlantique: the ten-year insurance expired 20 days ago.
  {
    siret: siretOf(4),
    registered: true,
    emails: ['direction@cablage-atlantique.example'],
    documents: { ATT_DECENNALE: { deliveredDaysAgo: 385, expiresInDays: -20 } },
  },
  // Réseaux Dordogne Services: invited, not registered yet, nothing provided.
  {
    siret: siretOf(5),
    registered: false,
    emails: ['contact@rds.example'],
    documents: Object.fromEntries(VIGILANCE_DOCUMENTS.map((document) => [document.code, 'missing' as const])),
  },
  // Landes Fibre Construction, Limousin Télécom Infrastructures, Gers Infrastructures Numériques: all valid.
  { siret: siretOf(6), registered: true, emails: ['qualite@lfc.example'] },
  { siret: siretOf(7), registered: true, emails: ['contact@lti.example'] },
  { siret: siretOf(19), registered: true, emails: ['achats@gin.example'] },
];

/** The simulated customer account (e-Attestations' `account_id`). */
export const E_ATTESTATIONS_SIMULATOR_ACCOUNT = '119631';

/** SIRETs with valid keys on which the simulator misbehaves on purpose. */
export const E_ATTESTATIONS_FAULT_SIRETS = {
  serverError: withSiretKey('9999999970001'),
  invalidResponse: withSiretKey('9999999960001'),
};
