import type { EntityCode } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  agencies,
  businessUnits,
  companies,
  documentTypes,
  paymentTerms,
  paymentTypes,
  prestationReferences,
  prestationTypes,
  projects,
  projectTypes,
  roles,
  units,
  userProjects,
} from '../db/schema/index.js';
import { analyze } from '../db/statistics.js';
import { SIRENE_FIXTURES } from '../integrations/company-registry/sirene-fixtures.js';
import { refreshEveryOrderFigures } from '../modules/attachments/index.js';
import { ALL_OPTIONS, ALL_RIGHTS, createRole, createUser, seedMenus } from './access-seed.js';
import { seedAttachments } from './attachments-seed.js';
import { seedContracts } from './contracts-seed.js';
import { seedErpProjects } from './erp-projects-seed.js';
import { seedEvaluations } from './evaluations-seed.js';
import { seedMarkets } from './markets-seed.js';
import { seedNotificationsDemo } from './notifications-seed.js';
import { seedOracleConfigurations } from './oracle-configurations-seed.js';
import { seedOrders } from './orders-seed.js';
import { seedPriceSchedules } from './price-schedules-seed.js';
import { seedStatements } from './statements-seed.js';
import { seedWorkflowDemo } from './workflow-seed.js';

/** Reference entities of the first slice (spec 3 simple lists). */
export const REFERENCE_ENTITIES: EntityCode[] = [
  'unit',
  'project_type',
  'prestation_type',
  'prestation_reference',
  'document_type',
  'business_unit',
  'payment_type',
  'payment_term',
];
const READER_ENTITIES: EntityCode[] = [
  'unit',
  'project_type',
  'prestation_type',
  'prestation_reference',
  'document_type',
  'project',
];
const SUBCONTRACTOR_ENTITIES: EntityCode[] = ['company', 'agency', 'user_agency'];
const PRICE_SCHEDULE_ENTITIES: EntityCode[] = ['category', 'prestation', 'bpu_template', 'bpu_sst', 'os_template'];
// contracts and their envelopes go with the markets: the buyer drafts them, the project manager reads (and validates) them
const MARKET_ENTITIES: EntityCode[] = ['subcontractor_market', 'contract', 'envelope'];

export const DEMO_LOGINS = [
  { username: 'admin', password: 'admin', profile: 'Administrateur (tous les droits)' },
  { username: 'lecteur', password: 'lecteur', profile: 'Consultation référentiel (lecture seule)' },
  { username: 'cdp', password: 'cdp', profile: 'Chef de projet, avec le profil secondaire Acheteur (cdp.acheteur)' },
  { username: 'valideur', password: 'valideur', profile: 'Valideur de montant (workflows)' },
  { username: 'sst', password: 'sst', profile: 'Sous-traitant (visibilité 4 : ses projets et son agence)' },
  { username: 'comptable', password: 'comptable', profile: 'Comptable (marchés, paiement des attachements)' },
] as const;

async function seedReferenceData(db: Database): Promise<void> {
  await db.insert(units).values(
    [
      ['Mètre linéaire', 'ML'],
      ['Unité', 'U'],
      ['Forfait', 'FT'],
      ['Heure', 'H'],
      ['Mètre carré', 'M2'],
      ['Jour', 'J'],
      ['Kilomètre', 'KM'],
    ].map(([name, oracleCode]) => ({ name: name ?? '', oracleCode })),
  );
  await db.insert(projectTypes).values(['FTTH', 'FTTO', 'Génie civil', 'Maintenance', 'Raccordement'].map((name) => ({ name })));
  await db.insert(prestationTypes).values(['Fourniture', "Main d'œuvre", 'Sous-traitance', 'Location'].map((name) => ({ name })));
  await db
    .insert(prestationReferences)
    .values(
      ['Tirage câble', 'Raccordement PBO', 'Pose chambre', 'Soudure', 'Recette optique', 'Aiguillage'].map((name) => ({ name })),
    );
  await db.insert(documentTypes).values(
    [
      ['Kbis', 'KBIS'],
      ['Attestation URSSAF', 'URSSAF'],
      ['Attestation fiscale', 'FISCAL'],
      ['Assurance RC', 'RC'],
      ['Contrat', 'CONTRACT'],
      ['Avenant', 'AMENDMENT'],
      ['Bon de commande', 'ORDER'],
      ['Attachement', 'ATTACHEMENT'],
      ['Situation', 'SITUATION'],
      ['Caution', 'CAUTION'],
      ['Évaluation', 'EVALUATION'],
      ['Plan', 'PLAN'],
    ].map(([name, code]) => ({ name: name ?? '', code })),
  );
  await db.insert(businessUnits).values(
    [
      ['BU Nouvelle-Aquitaine', 'Réseaux Sud-Ouest', 'Bordeaux', 'Mérignac', 'SCO-BDX'],
      ['BU Occitanie', 'Réseaux Sud', 'Toulouse', 'Blagnac', 'SCO-TLS'],
      ['BU Île-de-France', 'Réseaux Paris', 'Paris', 'Saint-Denis', 'SCO-IDF'],
    ].map(([name, description, invoiceLocation, deliveryLocation, supplyChainOrganization]) => ({
      name: name ?? '',
      description: description ?? '',
      invoiceLocation: invoiceLocation ?? '',
      deliveryLocation: deliveryLocation ?? '',
      supplyChainOrganization: supplyChainOrganization ?? '',
    })),
  );
  await db.insert(paymentTypes).values(
    [
      ['Virement', 'payment_transfer'],
      ['Interne', 'payment_internal'],
      ['Autoliquidation', 'payment_reverse_charge'],
    ].map(([name, oracleCode]) => ({ name: name ?? '', oracleCode })),
  );
  await db.insert(paymentTerms).values(
    [
      ['30 jours fin de mois', '30FM'],
      ['45 jours fin de mois', '45FM'],
      ['60 jours date de facture', '60J'],
    ].map(([name, oracleCode]) => ({ name: name ?? '', oracleCode })),
  );
}

const CITIES = ['Bordeaux', 'Toulouse', 'Pau', 'Bayonne', 'Agen', 'Périgueux', 'Mont-de-Marsan', 'Limoges', 'Tarbes', 'Albi'];

async function seedProjects(db: Database, managerId: number): Promise<number[]> {
  const types = await db.select({ id: projectTypes.id }).from(projectTypes);
  const rows = CITIES.flatMap((city, cityIndex) =>
    [1, 2, 3].map((number) => ({
      name: `Déploiement ${city} lot ${number}`,
      code: `P${String(cityIndex + 1).padStart(2, '0')}-${city.slice(0, 3).toUpperCase()}-${number}`,
      typeId: types[(cityIndex + number) % types.length]?.id ?? null,
      managerId,
      address: `${number} place de la Mairie, ${city}`,
    })),
  );
  const inserted = await db.insert(projects).values(rows).returning({ id: projects.id });
  return inserted.map((row) => row.id);
}

/** Three subcontractor companies with agencies whose SIRETs the registry simulator knows. */
async function seedSubcontractors(db: Database): Promise<void> {
  const companyRows = await db
    .insert(companies)
    .values([
      {
        edifice: 'ED-1001',
        name: 'Fibres Réseaux Aquitaine',
        siren: SIRENE_FIXTURES[0]?.siret.slice(0, 9),
        mail: 'contact@fra.example',
      },
      {
        edifice: 'ED-1002',
        name: 'Télécom Travaux Sud-Ouest',
        siren: SIRENE_FIXTURES[1]?.siret.slice(0, 9),
        mail: 'contact@ttso.example',
      },
      {
        edifice: 'ED-1003',
        name: 'Génie Civil Garonne',
        siren: SIRENE_FIXTURES[2]?.siret.slice(0, 9),
        mail: 'contact@gcg.example',
      },
    ])
    .returning({ id: companies.id });
  const agencyRows = companyRows.map((company, index) => {
    const fixture = SIRENE_FIXTURES[index];
    return {
      companyId: company.id,
      name: fixture?.name ?? 'Agence',
      siret: fixture?.siret,
      address: fixture
        ? `${fixture.number} ${fixture.streetType} ${fixture.street}, ${fixture.postalCode} ${fixture.city}`
        : null,
      inThirdParty: true,
      status: index + 1,
      documentsCompleted: index === 0,
      synchronize: index !== 2,
    };
  });
  await db.insert(agencies).values(agencyRows);
}

/** The budget screens a project manager reads (docs/decisions.md "Budgets"). */
const PROJECT_BUDGETS = ['budget_dc4', 'budget_quantitative', 'budget_rg_caution'] as const;

/** Seeds the demo data once (an empty roles table means a new database). Returns whether it seeded. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(roles);
  if ((existing?.count ?? 0) > 0) {
    return false;
  }
  await db.transaction(async (transaction) => {
    const menuIds = await seedMenus(transaction);
    const menu = (...paths: string[]) => paths.map((path) => menuIds.get(path) ?? 0).filter((id) => id > 0);
    const referenceMenus = menu(
      'Référentiel',
      '/units',
      '/projecttypes',
      '/prestationtypes',
      '/prestationreferences',
      '/documenttypes',
    );
    const adminRole = await createRole(transaction, {
      name: 'Administrateur',
      description: 'Tous les droits',
      ...ALL_RIGHTS,
      // every option but the subcontractor-style home, which would hide the staff's process table
      options: ALL_OPTIONS.filter((option) => option !== 'serviceorders.display_sst_validation_in_dashboard'),
      menuIds: [...menuIds.values()],
      // the demo shows the FTTH columns and fields to the administrator
      ftth: true,
    });
    const readerRole = await createRole(transaction, {
      name: 'Consultation référentiel',
      description: 'Lecture seule du référentiel',
      read: READER_ENTITIES,
      options: ['userinterface.display_help_menu'],
      menuIds: [...menu('/', '/projects'), ...referenceMenus],
    });
    const projectManagerRole = await createRole(transaction, {
      name: 'Chef de projet',
      description: 'Suit ses projets',
      visibility: 2,
      parentRoleId: adminRole,
      // 'order': the project manager validates its projects' orders (os_validation_cdp) from the home dashboard
      // the budgets of its projects: DC4, quantitatives, retentions and guarantees (not the accounting OD mask)
      read: [...REFERENCE_ENTITIES, ...SUBCONTRACTOR_ENTITIES, ...MARKET_ENTITIES, 'project', 'order', ...PROJECT_BUDGETS],
      options: ['userinterface.display_help_menu', 'userinterface.display_my_actions_menu', 'users.can_delegate'],
      menuIds: [
        ...menu(
          '/',
          '/projects',
          'Sous-traitants',
          '/sst/companies',
          '/sst/agencies',
          '/sst/contracts',
          '/sst/markets',
          '/sst/attachements',
          '/evaluation/synthese',
          'Budgets',
          '/budget/dc4',
          '/budget/quantitatives',
          '/budget/warranties',
        ),
        ...referenceMenus,
      ],
    });
    const buyerRole = await createRole(transaction, {
      name: 'Acheteur',
      description: 'Gère le référentiel achats',
      parentRoleId: adminRole,
      create: [...REFERENCE_ENTITIES, ...SUBCONTRACTOR_ENTITIES, ...PRICE_SCHEDULE_ENTITIES, ...MARKET_ENTITIES],
      // 'task': the buyer follows the imports it runs (spec 3 /tasks)
      read: [...REFERENCE_ENTITIES, ...SUBCONTRACTOR_ENTITIES, ...PRICE_SCHEDULE_ENTITIES, ...MARKET_ENTITIES, 'project', 'task'],
      update: [...REFERENCE_ENTITIES, ...SUBCONTRACTOR_ENTITIES, ...PRICE_SCHEDULE_ENTITIES, ...MARKET_ENTITIES],
      delete: [...REFERENCE_ENTITIES, ...SUBCONTRACTOR_ENTITIES, ...PRICE_SCHEDULE_ENTITIES, ...MARKET_ENTITIES],
      options: [
        'userinterface.display_help_menu',
        'subcontractor_markets.deactivate_markets',
        'envelopes.can_send_for_signature',
      ],
      menuIds: [...menuIds.values()],
    });
    const admin = await createUser(transaction, {
      uid: 'admin',
      name: 'Alice Administratrice',
      roleId: adminRole,
      password: 'admin',
      engagement: '1000000',
    });
    await createUser(transaction, { uid: 'lecteur', name: 'Louis Lecteur', roleId: readerRole, password: 'lecteur' });
    const projectManager = await createUser(transaction, {
      uid: 'cdp',
      name: 'Camille Chef de projet',
      roleId: projectManagerRole,
      password: 'cdp',
      managerId: admin,
      engagement: '50000',
    });
    await createUser(transaction, {
      uid: 'cdp.acheteur',
      name: 'Camille Chef de projet',
      roleId: buyerRole,
      parentId: projectManager,
    });
    await seedReferenceData(transaction);
    await seedSubcontractors(transaction);
    await seedPriceSchedules(transaction);
    const projectIds = await seedProjects(transaction, projectManager);
    await transaction
      .insert(userProjects)
      .values(projectIds.slice(0, 6).map((projectId) => ({ userId: projectManager, projectId })));
    await seedWorkflowDemo(transaction);
    await seedErpProjects(transaction);
    await seedMarkets(transaction);
    await seedContracts(transaction);
    await seedOrders(transaction);
    await seedAttachments(transaction);
    await seedStatements(transaction);
    // the demo tokens moved and statements written without the app's writes: the stored figures computed once
    await refreshEveryOrderFigures(transaction);
    await seedEvaluations(transaction);
    await seedOracleConfigurations(transaction);
    // last: it grants every demo role the bell and welcomes every profile
    await seedNotificationsDemo(transaction);
  });
  // the demo's thousands of rows planned as empty tables make the first screens slow (issue 14)
  await analyze(db);
  return true;
}
