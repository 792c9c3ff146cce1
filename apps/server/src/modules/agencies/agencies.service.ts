import {
  type AgencyLookupReply,
  type agencyCreateSchema,
  type agencyUpdateSchema,
  isValidSiret,
  REGISTRY_INVALID_RESPONSE_MESSAGE,
  SIRET_INVALID_MESSAGE,
} from '@isf/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { agencies, companies } from '../../db/schema/index.js';
import {
  type CompanyRegistry,
  RegistryError,
  RegistryInvalidResponse,
} from '../../integrations/company-registry/company-registry.port.js';
import type { LegalFolderService } from '../../integrations/legal-folder/legal-folder.port.js';
import type { AuditContext } from '../../platform/audit.js';
import { createCrud } from '../../platform/crud.js';
import { badRequest, HttpError, staleVersion } from '../../platform/errors.js';
import { followUpFacts } from './agency-invitation.js';
import { readLegalFolder } from './agency-legal.js';

type AgencyCreate = z.output<typeof agencyCreateSchema>;
type AgencyUpdate = z.output<typeof agencyUpdateSchema>;

const selection = {
  id: agencies.id,
  version: agencies.version,
  companyId: agencies.companyId,
  name: agencies.name,
  edifice: agencies.edifice,
  siret: agencies.siret,
  manager: agencies.manager,
  address: agencies.address,
  phone: agencies.phone,
  mail: agencies.mail,
  synchronize: agencies.synchronize,
  inviteMail: agencies.inviteMail,
  inThirdParty: agencies.inThirdParty,
  status: agencies.status,
  documentsCompleted: agencies.documentsCompleted,
  legalOnboarded: agencies.legalOnboarded,
  legalCheckedAt: agencies.legalCheckedAt,
  invitationSentTo: agencies.invitationSentTo,
  invitationSentAt: agencies.invitationSentAt,
};

type RegistryReply =
  | { siret: string; inThirdParty: true; name: string; address: string; active: boolean }
  | { siret: string; inThirdParty: false };

export function createAgencyService(database: Database, registry: CompanyRegistry, legal: LegalFolderService) {
  const crud = createCrud(database, { table: agencies, entity: 'agency', selection });

  function assertValidSiret(siret: string) {
    if (!isValidSiret(siret)) {
      throw badRequest(SIRET_INVALID_MESSAGE, { siret: SIRET_INVALID_MESSAGE });
    }
  }

  /** The registry's word on a SIRET; its errors become 502 replies whose text the user sees. */
  async function registryLookup(siret: string): Promise<RegistryReply> {
    assertValidSiret(siret);
    try {
      const found = await registry.lookup(siret);
      return found.found
        ? { siret, inThirdParty: true, name: found.name, address: found.address, active: found.active }
        : { siret, inThirdParty: false };
    } catch (error) {
      if (error instanceof RegistryError) {
        throw new HttpError(502, { error: error.message, detail: error.message, inThirdParty: false, siret });
      }
      if (error instanceof RegistryInvalidResponse) {
        throw new HttpError(502, { error: REGISTRY_INVALID_RESPONSE_MESSAGE, detail: REGISTRY_INVALID_RESPONSE_MESSAGE, siret });
      }
      throw error;
    }
  }

  /**
   * The registry's word plus whether the supplier is onboarded on the follow-up platform (asked at the
   * same time; null when the platform fails, which never fails the lookup). A registry failure keeps the
   * platform's answer in its 502 body.
   */
  async function lookup(siret: string): Promise<AgencyLookupReply> {
    assertValidSiret(siret);
    const onboarded = legal.registration(siret).then(
      (registration) => registration.onboarded,
      () => null,
    );
    try {
      const found = await registryLookup(siret);
      return { ...found, onboarded: await onboarded };
    } catch (error) {
      if (error instanceof HttpError) {
        throw new HttpError(error.statusCode, { ...error.body, onboarded: await onboarded });
      }
      throw error;
    }
  }

  /**
   * The registry decides name and address when it knows the SIRET (they are read-only on screen); when
   * it does not, or fails, the typed values are kept and the agency is marked not in the registry.
   */
  async function registryFacts(siret: string, typed: { name: string; address: string | null }) {
    try {
      const reply = await registryLookup(siret);
      return reply.inThirdParty
        ? { name: reply.name, address: reply.address, inThirdParty: true }
        : { ...typed, inThirdParty: false };
    } catch {
      return { ...typed, inThirdParty: false };
    }
  }

  async function assertSiretFree(siret: string, exceptId?: number) {
    const condition = exceptId ? and(eq(agencies.siret, siret), ne(agencies.id, exceptId)) : eq(agencies.siret, siret);
    const [existing] = await database.select({ id: agencies.id }).from(agencies).where(condition).limit(1);
    if (existing) {
      throw badRequest('Une agence existe déjà pour ce SIRET.', { siret: 'Une agence existe déjà pour ce SIRET.' });
    }
  }

  return {
    lookup,
    remove: crud.remove,
    legal: (id: number, context: AuditContext) => readLegalFolder(database, legal, id, context),

    async get(id: number) {
      const agency = await crud.get(id);
      const [company] = await database
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, Number(agency.companyId)))
        .limit(1);
      return { ...agency, company: company ?? null };
    },

    async create(input: AgencyCreate, context: AuditContext): Promise<number> {
      const [company] = await database
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, input.companyId))
        .limit(1);
      if (!company) {
        throw badRequest('Entreprise inconnue.', { companyId: 'Entreprise inconnue.' });
      }
      await assertSiretFree(input.siret);
      const facts = await registryFacts(input.siret, { name: input.name, address: input.address });
      const followUp = await followUpFacts(legal, { ...input, name: facts.name });
      return crud.create({ ...input, ...facts, ...followUp }, context);
    },

    async update(id: number, input: AgencyUpdate, context: AuditContext) {
      const current = await crud.get(id);
      // before any call that acts outside ISF (the invitation): a stale edit is refused first
      if (current.version !== input.version) {
        throw staleVersion(Number(current.version));
      }
      await assertSiretFree(input.siret, id);
      const facts =
        current.siret === input.siret && !current.inThirdParty
          ? { name: input.name, address: input.address, inThirdParty: false }
          : await registryFacts(input.siret, { name: input.name, address: input.address });
      const followUp = await followUpFacts(
        legal,
        { ...input, name: String(facts.name) },
        {
          siret: current.siret as string | null,
          legalOnboarded: current.legalOnboarded as boolean | null,
          invitationSentTo: current.invitationSentTo as string | null,
        },
      );
      return crud.update(id, { ...input, ...facts, ...followUp }, context);
    },
  };
}

export type AgencyService = ReturnType<typeof createAgencyService>;
