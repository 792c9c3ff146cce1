import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { oracleProjects, oscarProjects, oscarSubprojects } from '../db/schema/erp-projects.js';
import { businessUnits, projects } from '../db/schema/index.js';
import type { Erp } from '../integrations/erp/erp.port.js';
import { ORACLE_PROJECT_FIXTURES, oracleTaskFixtures } from '../integrations/erp/oracle-fixtures.js';
import { toProject, toTask } from '../integrations/erp/oracle-http-adapter.js';
import { createErpProjectService, syncOracleProjects } from '../modules/erp-projects/index.js';
import type { AuditContext } from '../platform/audit.js';

type SubprojectSeed = {
  name: string;
  city: string;
  nro: string;
  pm: string;
  status: string;
  milestone: string;
  quantities: Record<string, string>;
};

type OscarSeed = {
  name: string;
  dsp: string;
  oiCode: string;
  marketType: string;
  year: number;
  inseeCode: string;
  linkedTo?: string;
  subprojects: SubprojectSeed[];
};

const quantities = (trench: number, chambers: number, poles: number, sockets: number, pbo: number, cable: number) => ({
  'Linéaire de génie civil (m)': String(trench),
  'Chambres L2T à poser': String(chambers),
  'Poteaux à implanter': String(poles),
  'Prises FTTH': String(sockets),
  'PBO à poser': String(pbo),
  'Câble 144 FO (m)': String(cable),
});

const OSCAR_SEEDS: OscarSeed[] = [
  {
    name: 'Gironde THD – Phase 2',
    dsp: 'Gironde Haut Méga',
    oiCode: 'GHM',
    marketType: 'Conception-réalisation',
    year: 2024,
    inseeCode: '33063',
    subprojects: [
      {
        name: 'PM-33063-014',
        city: 'Bordeaux',
        nro: 'BDX01 Bastide',
        pm: '014',
        status: 'En cours',
        milestone: 'APD validé',
        quantities: quantities(1250, 14, 38, 412, 41, 2870),
      },
      {
        name: 'PM-33063-015',
        city: 'Bordeaux',
        nro: 'BDX01 Bastide',
        pm: '015',
        status: 'En cours',
        milestone: 'Travaux lancés',
        quantities: quantities(980, 9, 22, 356, 33, 2140),
      },
      {
        name: 'PM-33281-002',
        city: 'Mérignac',
        nro: 'MRG02 Arlac',
        pm: '002',
        status: 'Planifié',
        milestone: 'Piquetage',
        quantities: {},
      },
    ],
  },
  {
    name: 'Haute-Garonne Fibre – Lot Sud',
    dsp: 'Haute-Garonne Numérique',
    oiCode: 'HGN',
    marketType: 'Marché à bons de commande',
    year: 2023,
    inseeCode: '31555',
    linkedTo: 'P02-TOU-1',
    subprojects: [
      {
        name: 'PM-31555-101',
        city: 'Toulouse',
        nro: 'TLS03 Rangueil',
        pm: '101',
        status: 'Réceptionné',
        milestone: 'DOE remis',
        quantities: quantities(640, 6, 15, 288, 26, 1510),
      },
      {
        name: 'PM-31555-102',
        city: 'Toulouse',
        nro: 'TLS03 Rangueil',
        pm: '102',
        status: 'En cours',
        milestone: 'Tirage distribution',
        quantities: quantities(720, 8, 19, 301, 29, 1690),
      },
    ],
  },
  {
    name: 'Landes Numérique – Tranche 3',
    dsp: 'Landes THD',
    oiCode: 'LTH',
    marketType: 'Conception-réalisation',
    year: 2025,
    inseeCode: '40192',
    subprojects: [
      {
        name: 'PM-40192-007',
        city: 'Mont-de-Marsan',
        nro: 'MDM01 Centre',
        pm: '007',
        status: 'Planifié',
        milestone: 'Études',
        quantities: quantities(2310, 21, 64, 198, 24, 4020),
      },
      {
        name: 'PM-40088-003',
        city: 'Dax',
        nro: 'DAX02 Thermes',
        pm: '003',
        status: 'En cours',
        milestone: 'Génie civil',
        quantities: quantities(1875, 17, 51, 243, 27, 3380),
      },
    ],
  },
];

/** OSCAR projects and sub-projects of the demo; one attached to the first Toulouse project. */
async function seedOscarProjects(db: Database): Promise<void> {
  for (const seed of OSCAR_SEEDS) {
    const [linked] = seed.linkedTo
      ? await db.select({ id: projects.id }).from(projects).where(eq(projects.code, seed.linkedTo))
      : [];
    const [oscarProject] = await db
      .insert(oscarProjects)
      .values({ name: seed.name, dsp: seed.dsp, oiCode: seed.oiCode, projectId: linked?.id ?? null })
      .returning({ id: oscarProjects.id });
    await db.insert(oscarSubprojects).values(
      seed.subprojects.map((subproject, index) => ({
        oscarProjectId: oscarProject?.id ?? 0,
        name: subproject.name,
        dsp: seed.dsp,
        oiCode: seed.oiCode,
        marketType: seed.marketType,
        arcgisName: `${seed.oiCode}_NRO_${subproject.nro.split(' ')[0]}_PM${subproject.pm}`,
        year: seed.year,
        city: subproject.city,
        status: subproject.status,
        milestone: subproject.milestone,
        nroName: `NRO ${subproject.nro}`,
        ipeIdNro: `NRO-${seed.inseeCode}-${subproject.nro.split(' ')[0]}`,
        ipeIdPm: subproject.name,
        offerIdPm: `ADR_${seed.inseeCode}_${subproject.pm}`,
        axioneInternalPmId: `AXN-PM-${String(2900 + index + seed.year).padStart(6, '0')}`,
        pmCity: subproject.city,
        oscarColumns: subproject.quantities,
      })),
    );
  }
}

/**
 * Requisitioning business units of the demo projects of lots 1 and 2 (Bordeaux in Nouvelle-Aquitaine,
 * Toulouse in Occitanie), so their Oracle projects tab can synchronise; lot 3 projects have none.
 */
async function assignBusinessUnits(db: Database): Promise<void> {
  const units = await db.select({ id: businessUnits.id, name: businessUnits.name }).from(businessUnits);
  const unitId = (name: string) => units.find((unit) => unit.name === name)?.id ?? null;
  const lots = (prefix: string) => inArray(projects.code, [`${prefix}-1`, `${prefix}-2`]);
  await db
    .update(projects)
    .set({ businessUnitId: unitId('BU Nouvelle-Aquitaine') })
    .where(lots('P01-BOR'));
  await db
    .update(projects)
    .set({ businessUnitId: unitId('BU Occitanie') })
    .where(lots('P02-TOU'));
}

const SEED_CONTEXT: AuditContext = { principal: null, requestId: 'demo-seed' };

/**
 * The ERP simulator's fixtures served without HTTP: the same projects and tasks, through the HTTP
 * adapter's own mapping of the Oracle REST records, as the simulator answers them.
 */
const FIXTURE_ERP: Pick<Erp, 'listProjects' | 'listTasks' | 'findPeopleByMail'> = {
  async listProjects({ businessUnit }) {
    return ORACLE_PROJECT_FIXTURES.filter((project) => project.BusinessUnitName === businessUnit).map(toProject);
  },
  async listTasks(erpProjectId) {
    const project = ORACLE_PROJECT_FIXTURES.find((item) => item.ProjectId === erpProjectId);
    return project ? oracleTaskFixtures(project).map(toTask) : [];
  },
  async findPeopleByMail() {
    return [];
  },
};

/** The Oracle projects (simulator ProjectNumber) attached to each demo project: its department's deployment and connections. */
const ORACLE_LINKS: { project: string; oracleNumber: string }[] = [
  { project: 'P01-BOR-1', oracleNumber: 'PRJ-33-FTTH-2022' },
  { project: 'P01-BOR-2', oracleNumber: 'PRJ-33-RACC-2023' },
  { project: 'P02-TOU-1', oracleNumber: 'PRJ-31-FTTH-2022' },
  { project: 'P02-TOU-2', oracleNumber: 'PRJ-31-RACC-2023' },
];

/**
 * The Oracle projects and tasks of the demo, as if a user had pressed « Synchroniser avec Oracle » on
 * the Oracle projects tab of each demo project with a requisitioning business unit (against the ERP
 * simulator) and then attached its department's Oracle projects: the rows are written by the
 * synchronisation itself (`syncOracleProjects`, fed with the simulator fixtures) and the links by the
 * tab's attach action, so orders can be charged to a project and task from the start.
 */
async function seedOracleProjects(db: Database): Promise<void> {
  const units = await db
    .selectDistinct({ name: businessUnits.name })
    .from(projects)
    .innerJoin(businessUnits, eq(businessUnits.id, projects.businessUnitId))
    .where(eq(businessUnits.type, 'requisitioning'))
    .orderBy(asc(businessUnits.name));
  for (const unit of units) {
    await syncOracleProjects(db, FIXTURE_ERP, { businessUnit: unit.name, audit: SEED_CONTEXT });
  }
  const service = createErpProjectService(db);
  for (const link of ORACLE_LINKS) {
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.code, link.project));
    const [oracleProject] = await db
      .select({ id: oracleProjects.id })
      .from(oracleProjects)
      .where(eq(oracleProjects.number, link.oracleNumber));
    if (project && oracleProject) {
      await service.linkOracleProject(project.id, oracleProject.id, SEED_CONTEXT);
    }
  }
}

/**
 * The ERP side of the demo projects: business units, Oracle projects and tasks (what a first
 * synchronisation brings), OSCAR data. Before the markets and orders, which are charged to them.
 */
export async function seedErpProjects(db: Database): Promise<void> {
  await assignBusinessUnits(db);
  await seedOracleProjects(db);
  await seedOscarProjects(db);
}
