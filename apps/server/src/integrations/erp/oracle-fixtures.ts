/** A project of the ERP simulator, in the Oracle REST attribute names. */
export type OracleProjectFixture = {
  ProjectId: number;
  ProjectName: string;
  ProjectNumber: string;
  ProjectDescription: string;
  ProjectTypeName: string;
  ProjectUnitName: string;
  ProjectStatus: string;
  ProjectStatusCode: string;
  BusinessUnitName: string;
  OwningOrganizationName: string;
  LegalEntityName: string;
  ProjectStartDate: string;
  ProjectEndDate: string | null;
  ProjectManagerName: string;
};

export type OracleTaskFixture = {
  TaskId: number;
  TaskName: string;
  TaskNumber: string;
  TaskDescription: string;
  ChargeableFlag: boolean;
};

type Department = { code: string; name: string; city: string };

/** The business units of the demo database and the departments their projects cover. */
const BUSINESS_UNITS: { name: string; organisation: string; departments: Department[] }[] = [
  {
    name: 'BU Nouvelle-Aquitaine',
    organisation: 'Direction Régionale Sud-Ouest',
    departments: [
      { code: '33', name: 'Gironde', city: 'Bordeaux' },
      { code: '40', name: 'Landes', city: 'Mont-de-Marsan' },
      { code: '64', name: 'Pyrénées-Atlantiques', city: 'Pau' },
      { code: '24', name: 'Dordogne', city: 'Périgueux' },
      { code: '47', name: 'Lot-et-Garonne', city: 'Agen' },
      { code: '16', name: 'Charente', city: 'Angoulême' },
    ],
  },
  {
    name: 'BU Occitanie',
    organisation: 'Direction Régionale Sud',
    departments: [
      { code: '31', name: 'Haute-Garonne', city: 'Toulouse' },
      { code: '81', name: 'Tarn', city: 'Albi' },
      { code: '32', name: 'Gers', city: 'Auch' },
      { code: '65', name: 'Hautes-Pyrénées', city: 'Tarbes' },
      { code: '12', name: 'Aveyron', city: 'Rodez' },
      { code: '09', name: 'Ariège', city: 'Foix' },
    ],
  },
  {
    name: 'BU Île-de-France',
    organisation: 'Direction Régionale Île-de-France',
    departments: [
      { code: '93', name: 'Seine-Saint-Denis', city: 'Bobigny' },
      { code: '95', name: 'Val-d’Oise', city: 'Cergy' },
      { code: '91', name: 'Essonne', city: 'Évry-Courcouronnes' },
      { code: '78', name: 'Yvelines', city: 'Versailles' },
      { code: '77', name: 'Seine-et-Marne', city: 'Melun' },
      { code: '92', name: 'Hauts-de-Seine', city: 'Nanterre' },
    ],
  },
];

const MANAGERS = ['Claire Dumas', 'Julien Marchand', 'Sophie Lefèvre', 'Thomas Garnier', 'Nadia Benali', 'Pierre Roux'];

const DEPLOYMENT_TASKS: [string, string][] = [
  ['Études et piquetage', 'Relevés terrain, piquetage des appuis et chambres, APD'],
  ['Génie civil', 'Tranchées, fourreaux et chambres de tirage'],
  ['Tirage transport', 'Tirage des câbles optiques entre NRO et PM'],
  ['Tirage distribution', 'Tirage des câbles de distribution jusqu’aux PBO'],
  ['Raccordement PM et PBO', 'Soudures, tiroirs optiques et boîtiers de branchement'],
  ['Recette et DOE', 'Mesures réflectométriques, recette et dossier des ouvrages exécutés'],
];

const CONNECTION_TASKS: [string, string][] = [
  ['Raccordements abonnés', 'Raccordements finals PBO – PTO chez les abonnés'],
  ['Reprises et SAV', 'Reprises de raccordements et interventions après-vente'],
  ['Contrôles qualité', 'Contrôles photo et audits de raccordement'],
];

/** The legal entity of every demo project. */
export const LEGAL_ENTITY = 'ISF Réseaux SAS';

function projectsOf(businessUnit: (typeof BUSINESS_UNITS)[number], unitIndex: number): OracleProjectFixture[] {
  return businessUnit.departments.flatMap((department, departmentIndex) => {
    const base = 300_000_012_340_000 + unitIndex * 10_000 + departmentIndex * 100;
    const year = 2022 + (departmentIndex % 3);
    const closed = departmentIndex === 5;
    const common = {
      BusinessUnitName: businessUnit.name,
      OwningOrganizationName: `${businessUnit.organisation} – ${department.name}`,
      LegalEntityName: LEGAL_ENTITY,
      ProjectUnitName: 'Unité projets Infrastructures',
      ProjectManagerName: MANAGERS[(unitIndex * 2 + departmentIndex) % MANAGERS.length] ?? 'Claire Dumas',
    };
    return [
      {
        ...common,
        ProjectId: base + 1,
        ProjectName: `FTTH ${department.name} – déploiement tranche ${(departmentIndex % 3) + 1}`,
        ProjectNumber: `PRJ-${department.code}-FTTH-${year}`,
        ProjectDescription: `Déploiement du réseau FTTH du ${department.name} : transport, distribution et PM (NRO de ${department.city}).`,
        ProjectTypeName: 'Déploiement FTTH',
        ProjectStatus: closed ? 'Clôturé' : 'Actif',
        ProjectStatusCode: closed ? 'CLOSED' : 'ACTIVE',
        ProjectStartDate: `${year}-0${(departmentIndex % 9) + 1}-01`,
        ProjectEndDate: closed ? `${year + 1}-12-31` : null,
      },
      {
        ...common,
        ProjectId: base + 2,
        ProjectName: `Raccordements abonnés ${department.name}`,
        ProjectNumber: `PRJ-${department.code}-RACC-${year + 1}`,
        ProjectDescription: `Raccordements clients FTTH et reprises dans le ${department.name} (${department.city} et alentours).`,
        ProjectTypeName: 'Raccordement',
        ProjectStatus: 'Actif',
        ProjectStatusCode: 'ACTIVE',
        ProjectStartDate: `${year + 1}-01-15`,
        ProjectEndDate: null,
      },
    ];
  });
}

/** A few dozen realistic French fibre projects, by business unit name. */
export const ORACLE_PROJECT_FIXTURES: OracleProjectFixture[] = BUSINESS_UNITS.flatMap((businessUnit, index) =>
  projectsOf(businessUnit, index),
);

/** The tasks of a simulator project: the deployment breakdown, or the connection one. */
export function oracleTaskFixtures(project: OracleProjectFixture): OracleTaskFixture[] {
  const tasks = project.ProjectTypeName === 'Raccordement' ? CONNECTION_TASKS : DEPLOYMENT_TASKS;
  return tasks.map(([name, description], index) => ({
    TaskId: project.ProjectId * 10 + index + 1,
    TaskName: name,
    TaskNumber: `${index + 1}.0`,
    TaskDescription: description,
    ChargeableFlag: true,
  }));
}

/** Business unit names on which the simulator misbehaves on purpose. */
export const ORACLE_FAULT_BUSINESS_UNITS = {
  serverError: 'BU Simulateur en erreur',
  invalidResponse: 'BU Simulateur réponse invalide',
};

/** Project numbers on which the simulator misbehaves on purpose (the ERP imputations' synchronisation). */
export const ORACLE_FAULT_PROJECT_NUMBERS = {
  serverError: 'PRJ-SIMULATEUR-500',
};

/** A supplier the simulator's Payables refuses invoices for (a supplier on hold). */
export const ORACLE_FAULT_SUPPLIERS = {
  onHold: 'Fournisseur bloqué (simulateur)',
};
