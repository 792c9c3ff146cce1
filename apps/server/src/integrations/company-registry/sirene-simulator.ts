import Fastify, { type FastifyInstance } from 'fastify';
import { SIRENE_FAULT_SIRETS, SIRENE_FIXTURES } from './sirene-fixtures.js';

export type SimulatorSwitches = {
  /** Delay before every answer. */
  latencyMs?: number;
  /** Every call fails with a 503 (registry down). */
  down?: boolean;
};

/**
 * A local stand-in for the INSEE Sirene API (`GET /siret/{siret}`), same shapes: the fixtures answer
 * 200, unknown numbers 404, and the fault SIRETs a 500 with a message or a reply that is not JSON.
 */
export function buildSireneSimulator(switches: SimulatorSwitches = {}): FastifyInstance {
  const app = Fastify({ logger: false });
  const bySiret = new Map(SIRENE_FIXTURES.map((fixture) => [fixture.siret, fixture]));
  app.get<{ Params: { siret: string } }>('/siret/:siret', async (request, reply) => {
    if (switches.latencyMs) {
      await new Promise((resolve) => setTimeout(resolve, switches.latencyMs));
    }
    const { siret } = request.params;
    if (switches.down) {
      return reply.status(503).send({ header: { statut: 503, message: 'Service Sirene momentanément indisponible' } });
    }
    if (siret === SIRENE_FAULT_SIRETS.serverError) {
      return reply.status(500).send({ header: { statut: 500, message: 'Erreur interne du service Sirene' } });
    }
    if (siret === SIRENE_FAULT_SIRETS.invalidResponse) {
      return reply.type('text/html').send('<html><body>Bad gateway</body></html>');
    }
    const fixture = bySiret.get(siret);
    if (!fixture) {
      return reply.status(404).send({ header: { statut: 404, message: `Aucun élément trouvé pour le siret ${siret}` } });
    }
    return {
      header: { statut: 200, message: 'ok' },
      etablissement: {
        siren: siret.slice(0, 9),
        nic: siret.slice(9),
        siret,
        etatAdministratifEtablissement: fixture.state,
        uniteLegale: { denominationUniteLegale: fixture.name, etatAdministratifUniteLegale: fixture.state },
        adresseEtablissement: {
          numeroVoieEtablissement: fixture.number,
          typeVoieEtablissement: fixture.streetType,
          libelleVoieEtablissement: fixture.street,
          codePostalEtablissement: fixture.postalCode,
          libelleCommuneEtablissement: fixture.city,
        },
        periodesEtablissement: [{ etatAdministratifEtablissement: fixture.state, dateFin: null }],
      },
    };
  });
  return app;
}
