import { type AgencyLookupReply, isValidSiret, SIRET_LENGTH } from '@isf/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError, reportApiError } from '../../lib/api-client';
import { lookupSiret } from './agencies.api';

/** Where the SIRET typed in an agency form stands with the company registry. */
export type SiretLookup =
  | { status: 'idle' }
  /** Bad length or check key: no call was made (or the server refused the number). */
  | { status: 'invalid'; siret: string; message?: string }
  | { status: 'searching'; siret: string }
  | { status: 'found'; siret: string; name: string; address: string; active: boolean; onboarded: Onboarded }
  | { status: 'unknown'; siret: string; onboarded: Onboarded }
  /** The registry failed: its text is shown, the agency is not in the registry, the number is kept. */
  | { status: 'failed'; siret: string; message: string | null; onboarded: Onboarded }
  /** The saved agency's number, as the registry saw it when it was saved. */
  | { status: 'stored'; siret: string; inThirdParty: boolean; onboarded: Onboarded };

/** Registered on the e-attestation platform; null when the platform could not tell. */
type Onboarded = boolean | null;

export type FoundEstablishment = { name: string; address: string };

/** Whether the registry knows the number: undefined until a lookup (or the saved agency) says. */
export function inThirdPartyOf(lookup: SiretLookup): boolean | undefined {
  switch (lookup.status) {
    case 'found':
      return true;
    case 'unknown':
    case 'failed':
      return false;
    case 'stored':
      return lookup.inThirdParty;
    default:
      return undefined;
  }
}

/**
 * Whether the supplier is onboarded on the e-attestation platform: undefined until a lookup (or the saved
 * agency) says, null when the platform could not tell.
 */
export function onboardedOf(lookup: SiretLookup): Onboarded | undefined {
  switch (lookup.status) {
    case 'found':
    case 'unknown':
    case 'failed':
    case 'stored':
      return lookup.onboarded;
    default:
      return undefined;
  }
}

/** Whether the registry has answered (or failed) for exactly this number. */
export function lookupSettledFor(lookup: SiretLookup, siret: string): boolean {
  return (
    (lookup.status === 'found' || lookup.status === 'unknown' || lookup.status === 'failed' || lookup.status === 'stored') &&
    lookup.siret === siret
  );
}

/** The number as typed, without the spaces people paste in (812 345 000 00010). */
export function normaliseSiret(value: string): string {
  return value.replace(/\s/g, '');
}

function isLookupReply(reply: unknown): reply is AgencyLookupReply {
  if (typeof reply !== 'object' || reply === null || !('inThirdParty' in reply)) {
    return false;
  }
  const value = reply as Record<string, unknown>;
  return value.inThirdParty === false || (value.inThirdParty === true && typeof value.name === 'string');
}

function onboardedIn(value: unknown): Onboarded {
  return typeof value === 'boolean' ? value : null;
}

/** The message of a failed lookup: the server's text, or null for an unusable reply. */
function failureText(error: unknown): string | null {
  if (error instanceof ApiError && typeof error.body?.error === 'string' && error.status === 502) {
    return error.body.error;
  }
  return null;
}

/**
 * The SIRET lookup of spec 3 §5: it fires when the number reaches exactly 14 characters, or on demand
 * (Enter, the button); the check key is verified first and a bad number is never sent. Known → name and
 * address come from the registry; unknown → typed by the user; registry failure → its text, and the
 * agency counts as not in the registry.
 */
export function useSiretLookup(onFound: (found: FoundEstablishment) => void, initial: SiretLookup = { status: 'idle' }) {
  const [lookup, setLookup] = useState<SiretLookup>(initial);
  const current = useRef<SiretLookup>(initial);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  const update = useCallback((next: SiretLookup) => {
    current.current = next;
    setLookup(next);
  }, []);

  const search = useCallback(
    async (value: string) => {
      const siret = normaliseSiret(value);
      if (!isValidSiret(siret)) {
        update({ status: 'invalid', siret });
        return;
      }
      const asked: SiretLookup = { status: 'searching', siret };
      update(asked);
      let next: SiretLookup;
      try {
        const reply = await lookupSiret(siret);
        if (!isLookupReply(reply)) {
          next = { status: 'failed', siret, message: null, onboarded: null };
        } else if (reply.inThirdParty) {
          const { name, address, active } = reply;
          next = { status: 'found', siret, name, address, active, onboarded: onboardedIn(reply.onboarded) };
        } else {
          next = { status: 'unknown', siret, onboarded: onboardedIn(reply.onboarded) };
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          next = { status: 'invalid', siret, message: error.body?.detail ?? error.body?.error };
        } else {
          if (error instanceof ApiError && error.status !== 502) {
            // Session, network and server failures follow the usual handling.
            reportApiError(error);
          }
          const onboarded = error instanceof ApiError ? onboardedIn(error.body?.onboarded) : null;
          next = { status: 'failed', siret, message: failureText(error), onboarded };
        }
      }
      // A number typed since then makes this answer obsolete.
      if (current.current !== asked) {
        return;
      }
      update(next);
      if (next.status === 'found') {
        onFoundRef.current({ name: next.name, address: next.address });
      }
    },
    [update],
  );

  /** The number changed: forget the previous answer; look it up once it has exactly 14 characters. */
  const typed = useCallback(
    (value: string) => {
      const siret = normaliseSiret(value);
      const previous = current.current;
      if (previous.status !== 'idle' && previous.siret === siret) {
        return;
      }
      if (siret.length === SIRET_LENGTH) {
        void search(siret);
      } else {
        update({ status: 'idle' });
      }
    },
    [search, update],
  );

  return { lookup, search, typed, reset: update };
}

export type SiretLookupController = ReturnType<typeof useSiretLookup>;
