import { z } from 'zod';
import { type CompanyRegistry, RegistryError, RegistryInvalidResponse, type RegistryLookup } from './company-registry.port.js';

const establishmentSchema = z.object({
  etablissement: z.object({
    siret: z.string(),
    etatAdministratifEtablissement: z.string().optional(),
    uniteLegale: z.object({
      denominationUniteLegale: z.string().nullable().optional(),
      nomUniteLegale: z.string().nullable().optional(),
      prenom1UniteLegale: z.string().nullable().optional(),
    }),
    adresseEtablissement: z.object({
      numeroVoieEtablissement: z.string().nullable().optional(),
      typeVoieEtablissement: z.string().nullable().optional(),
      libelleVoieEtablissement: z.string().nullable().optional(),
      complementAdresseEtablissement: z.string().nullable().optional(),
      codePostalEtablissement: z.string().nullable().optional(),
      libelleCommuneEtablissement: z.string().nullable().optional(),
    }),
    periodesEtablissement: z.array(z.object({ etatAdministratifEtablissement: z.string().optional() })).optional(),
  }),
});

const errorSchema = z.object({ header: z.object({ statut: z.number().optional(), message: z.string() }) });

type Establishment = z.infer<typeof establishmentSchema>['etablissement'];

function addressOf(establishment: Establishment): string {
  const address = establishment.adresseEtablissement;
  const street = [address.numeroVoieEtablissement, address.typeVoieEtablissement, address.libelleVoieEtablissement]
    .filter(Boolean)
    .join(' ');
  const city = [address.codePostalEtablissement, address.libelleCommuneEtablissement].filter(Boolean).join(' ');
  return [street, address.complementAdresseEtablissement, city].filter(Boolean).join(', ');
}

function nameOf(establishment: Establishment): string {
  const legalUnit = establishment.uniteLegale;
  return legalUnit.denominationUniteLegale ?? [legalUnit.prenom1UniteLegale, legalUnit.nomUniteLegale].filter(Boolean).join(' ');
}

/** The real adapter: the INSEE Sirene API (`GET {baseUrl}/siret/{siret}`), with an optional bearer token. */
export function createSireneHttpAdapter(options: { baseUrl: string; token?: string; timeoutMs?: number }): CompanyRegistry {
  return {
    async lookup(siret): Promise<RegistryLookup> {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/siret/${encodeURIComponent(siret)}`, {
          headers: { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new RegistryError('Le répertoire des entreprises (Sirene) ne répond pas. Réessayez plus tard.');
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new RegistryInvalidResponse();
      }
      if (response.status === 404) {
        return { found: false, siret };
      }
      if (!response.ok) {
        const error = errorSchema.safeParse(body);
        throw new RegistryError(error.success ? error.data.header.message : `Erreur du répertoire Sirene (${response.status}).`);
      }
      const parsed = establishmentSchema.safeParse(body);
      if (!parsed.success) {
        throw new RegistryInvalidResponse();
      }
      const establishment = parsed.data.etablissement;
      const state =
        establishment.etatAdministratifEtablissement ??
        establishment.periodesEtablissement?.[0]?.etatAdministratifEtablissement ??
        'A';
      return {
        found: true,
        siret: establishment.siret,
        name: nameOf(establishment),
        address: addressOf(establishment),
        active: state === 'A',
      };
    },
  };
}
